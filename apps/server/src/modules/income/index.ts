// The income module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { IncomeDeps } from './deps.ts';
import { registerIncomeRouteHandlers } from './routes.ts';

// The income module (decision 045): its calls, registered from their descriptors.
export function createIncomeModule(deps: IncomeDeps): PortalModule {
  return { registerRoutes: (app) => registerIncomeRouteHandlers(app, deps) };
}
export { markPaystubsArrived } from './paystubs.ts';
