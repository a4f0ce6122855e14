// The GraphQL module's public face (decision 033).
export { registerGraphqlRoutes, GRAPHQL_PATHS } from './routes.ts';
