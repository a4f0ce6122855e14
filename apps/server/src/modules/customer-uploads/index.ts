import type { PortalModule } from '../../platform/portal-module.ts';
import type { CustomerUploadsDeps } from './deps.ts';
import { registerCustomerUploadRoutes } from './routes.ts';

// The customer-uploads module (decision 045): the customer side's one call, registered from its descriptor.
export function createCustomerUploadsModule(deps: CustomerUploadsDeps): PortalModule {
  return { registerRoutes: (app) => registerCustomerUploadRoutes(app, deps) };
}
