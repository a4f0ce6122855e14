import { GraphqlPage } from '../../features/graphql/components/graphql-page.tsx';

// /graph_ql (spec 001 section 2): the query box at once, the GraphQL explorer (big) on demand.
export function GraphqlRoute() {
  return <GraphqlPage />;
}
