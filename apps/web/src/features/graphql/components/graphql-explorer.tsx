import { useEffect, useMemo, useRef } from 'react';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
// Monaco's workers as Vite bundles them: files of our own origin, so script-src 'self' allows them.
import 'graphiql/setup-workers/vite';
// GraphiQL's stylesheet as text, not as a global import: it is on the page only while the explorer
// is, with its fonts renamed so they never stand in for the Portal's, and our fixes (graphiql-styles.ts).
import graphiqlCss from 'graphiql/style.css?inline';
import { Box } from '@mantine/core';
import { graphqlFetch, GRAPHQL_URL } from '../api/graphql-fetch.ts';
import { DEFAULT_QUERY } from '../default-query.ts';
import { graphiqlStyles } from '../graphiql-styles.ts';
import { watchGraphiqlTabs } from '../graphiql-tabs.ts';

const GRAPHIQL_CSS = graphiqlStyles(graphiqlCss);

// Its own keys in localStorage, so the explorer's tabs and history never mix with another app's.
const STORAGE_PREFIX = 'portal-graphiql:';
const storage: Storage = {
  get length() {
    return localStorage.length;
  },
  clear: () => {
    for (const key of Object.keys(localStorage)) if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
  },
  key: (index) => localStorage.key(index),
  getItem: (key) => localStorage.getItem(STORAGE_PREFIX + key),
  setItem: (key, value) => localStorage.setItem(STORAGE_PREFIX + key, value),
  removeItem: (key) => localStorage.removeItem(STORAGE_PREFIX + key),
};

// /graph_ql (spec 001 section 2): GraphiQL over POST graphql, with the schema's docs and
// autocompletion (from introspection), the session's token sent as the bearer header.
export function GraphqlExplorer() {
  const fetcher = useMemo(() => createGraphiQLFetcher({ url: GRAPHQL_URL, fetch: graphqlFetch }), []);
  const frame = useRef<HTMLDivElement>(null);
  // Its editor tabs as the ARIA tabs pattern has them (graphiql-tabs.ts).
  useEffect(() => (frame.current ? watchGraphiqlTabs(frame.current) : undefined), []);
  return (
    // The page below the 64px header, less the shell's padding and the row above it (graphql-page.tsx).
    <Box
      ref={frame}
      h="calc(100dvh - 64px - 2 * var(--mantine-spacing-lg) - 40px)"
      bg="white"
      style={{ overflow: 'hidden' }}
    >
      <style>{GRAPHIQL_CSS}</style>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} storage={storage} />
    </Box>
  );
}
