import type { PortalModule } from '../../platform/portal-module.ts';
import type { HealthDeps } from './deps.ts';
import { registerHealthRoutes } from './routes.ts';

// The health module (decision 045): GET health, registered from its descriptor.
export function createHealthModule(deps: HealthDeps): PortalModule {
  return { registerRoutes: (app) => registerHealthRoutes(app, deps.db) };
}
