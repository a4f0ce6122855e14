// The customer-app module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { CustomerAppDeps } from './deps.ts';
import { registerCustomerAppRoutes } from './routes.ts';

// How the customer app signs a request (its reference, and the tests' way to call as a customer).
export { signCustomerAppRequest } from './request-token.ts';

// The customer-app module (decision 045): its calls, registered from their descriptors.
export function createCustomerAppModule(deps: CustomerAppDeps): PortalModule {
  return { registerRoutes: (app) => registerCustomerAppRoutes(app, deps) };
}
