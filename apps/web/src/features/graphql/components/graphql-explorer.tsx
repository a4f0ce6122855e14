import { useMemo } from 'react';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
// Monaco's workers as Vite bundles them: files of our own origin, so script-src 'self' allows them.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { Box } from '@mantine/core';
import { graphqlFetch, GRAPHQL_URL } from '../api/graphql-fetch.ts';

// Short lines: the editor is narrow while the docs are open.
const DEFAULT_QUERY = `# Money is in cents.
# Every field: the book icon (Docs).
{
  me {
    id
    name
  }
  customers(limit: 5) {
    id
    first_name
    last_name
    loans {
      id
      status
      applied_amount_cents
      payments {
        due
        state
        expected_amount_cents
      }
    }
  }
}
`;

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
  return (
    // The page below the 64px header, less the shell's padding.
    <Box h="calc(100dvh - 64px - 2 * var(--mantine-spacing-lg))" bg="white" style={{ overflow: 'hidden' }}>
      <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} storage={storage} />
    </Box>
  );
}
