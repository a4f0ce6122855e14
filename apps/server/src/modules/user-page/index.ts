// The user page module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { UserPageDeps } from './deps.ts';
import { registerUserPageRoutes } from './routes.ts';

// The user-page module (decision 045): its calls, registered from their descriptors.
export function createUserPageModule(deps: UserPageDeps): PortalModule {
  return { registerRoutes: (app) => registerUserPageRoutes(app, deps) };
}
