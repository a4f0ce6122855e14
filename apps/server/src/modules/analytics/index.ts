// The analytics module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { AnalyticsDeps } from './deps.ts';
import { registerAnalyticsRouteHandlers } from './routes.ts';

// The analytics module (decision 045): its calls, registered from their descriptors.
export function createAnalyticsModule(deps: AnalyticsDeps): PortalModule {
  return { registerRoutes: (app) => registerAnalyticsRouteHandlers(app, deps) };
}

// The business hours in the database: written at start (app.ts), read by the after-hours reply.
export { isWithinBusinessHours, syncBusinessHours } from './business-hours-sync.ts';
