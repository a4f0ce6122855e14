import { useId, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { graphqlFetch, GRAPHQL_URL } from '../api/graphql-fetch.ts';
import { DEFAULT_QUERY } from '../default-query.ts';

type Answer = { status: number; text: string } | { problem: string };

// What the box sends: the query, and the variables when any are given (a JSON object).
export function graphqlRequestBody(query: string, variables: string): { body: string } | { problem: string } {
  if (query.trim() === '') return { problem: 'Please enter a query.' };
  if (variables.trim() === '') return { body: JSON.stringify({ query }) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(variables);
  } catch {
    return { problem: 'The variables must be a JSON object, e.g. { "id": 151 }.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { problem: 'The variables must be a JSON object, e.g. { "id": 151 }.' };
  return { body: JSON.stringify({ query, variables: parsed }) };
}

// The answer as staff read it: pretty JSON when it is JSON, the text as it came otherwise.
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

// /graph_ql's first view: a query box usable at once (a few kB), for the quick look-up most visits
// are. GraphiQL (docs, autocompletion, tabs, history) is a 1.6 MB editor (Monaco), so it loads only
// when asked for: `onOpenExplorer` (decision 040).
export function GraphqlQueryBox({ onOpenExplorer }: { onOpenExplorer: () => void }) {
  const [query, setQuery] = useState(DEFAULT_QUERY);
  const [variables, setVariables] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [running, setRunning] = useState(false);
  const answerId = useId();

  async function run() {
    if (running) return;
    const request = graphqlRequestBody(query, variables);
    if ('problem' in request) return setAnswer({ problem: request.problem });
    setRunning(true);
    try {
      const response = await graphqlFetch(GRAPHQL_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: request.body,
      });
      setAnswer({ status: response.status, text: readable(await response.text()) });
    } catch {
      setAnswer({ problem: 'The Portal could not be reached. Check the connection and run the query again.' });
    } finally {
      setRunning(false);
    }
  }

  // Ctrl+Enter (Cmd+Enter) runs the query from either box, as in GraphiQL.
  function runOnShortcut(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>GraphQL</Title>
          <Text size="sm" c="dimmed">
            Queries run with your session. Money is in cents. Ctrl+Enter runs the query.
          </Text>
        </div>
        <Button variant="default" onClick={onOpenExplorer}>
          Open the full explorer (docs and autocompletion)
        </Button>
      </Group>
      <Group align="stretch" grow wrap="nowrap" style={{ alignItems: 'stretch' }}>
        <Stack gap="sm">
          <Textarea
            label="Query"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={runOnShortcut}
            autosize
            minRows={16}
            maxRows={30}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Textarea
            label="Variables (JSON, optional)"
            value={variables}
            onChange={(event) => setVariables(event.currentTarget.value)}
            onKeyDown={runOnShortcut}
            autosize
            minRows={2}
            maxRows={8}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Group>
            <Button onClick={() => void run()} loading={running}>
              Run query
            </Button>
          </Group>
        </Stack>
        <Paper withBorder p="sm" style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" mb={4}>
            Answer
          </Text>
          <div id={answerId} role="status" aria-live="polite">
            {answer === null ? (
              <Text size="sm" c="dimmed">
                Run the query to see its answer here.
              </Text>
            ) : 'problem' in answer ? (
              <Alert color="red" variant="light">
                {answer.problem}
              </Alert>
            ) : (
              <pre
                data-testid="graphql-answer"
                // Scrolls on its own, so it takes focus for keyboard users (WCAG 2.1.1).
                tabIndex={0}
                role="region"
                aria-label={`Answer, HTTP ${answer.status}`}
                style={{ margin: 0, maxHeight: '70dvh', overflow: 'auto', fontSize: 13, whiteSpace: 'pre-wrap' }}
              >
                {answer.text}
              </pre>
            )}
          </div>
        </Paper>
      </Group>
    </Stack>
  );
}
