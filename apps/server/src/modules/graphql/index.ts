// The GraphQL module's public face (decision 033).

import type { PortalModule } from '../../platform/portal-module.ts';
import type { GraphqlDeps } from './deps.ts';
import { registerGraphqlRoutes } from './routes.ts';

// The graphql module (decision 045): its calls, registered from their descriptors.
export function createGraphqlModule(deps: GraphqlDeps): PortalModule {
  return { registerRoutes: (app) => registerGraphqlRoutes(app, deps) };
}
