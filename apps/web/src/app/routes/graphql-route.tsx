import { GraphqlExplorer } from '../../features/graphql/components/graphql-explorer.tsx';

// /graph_ql (spec 001 section 2): the GraphQL explorer, loaded only on this route (it is big).
export function GraphqlRoute() {
  return <GraphqlExplorer />;
}
