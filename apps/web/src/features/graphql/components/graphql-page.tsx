import { lazy, Suspense, useState } from 'react';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { GraphqlQueryBox } from './graphql-query-box.tsx';

// GraphiQL and Monaco, fetched only when the full explorer is opened (decision 040).
const GraphqlExplorer = lazy(async () => ({ default: (await import('./graphql-explorer.tsx')).GraphqlExplorer }));

// Remembered per browser: whoever works in the full explorer gets it straight away next time.
const VIEW_KEY = 'portal-graphql-view';

function savedView(): 'box' | 'explorer' {
  try {
    return localStorage.getItem(VIEW_KEY) === 'explorer' ? 'explorer' : 'box';
  } catch {
    return 'box';
  }
}

function saveView(view: 'box' | 'explorer') {
  try {
    localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

// /graph_ql (spec 001 section 2): a query box usable at once, and GraphiQL on demand.
export function GraphqlPage() {
  const [view, setView] = useState(savedView);
  const show = (next: 'box' | 'explorer') => {
    saveView(next);
    setView(next);
  };
  if (view === 'box') return <GraphqlQueryBox onOpenExplorer={() => show('explorer')} />;
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={() => show('box')}>
          Back to the simple query box
        </Button>
      </Group>
      <Suspense
        fallback={
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Loading the explorer…</Text>
          </Group>
        }
      >
        <GraphqlExplorer />
      </Suspense>
    </Stack>
  );
}
