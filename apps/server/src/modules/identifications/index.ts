// The identifications module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { IdentificationsDeps } from './deps.ts';
import { registerIdentificationRouteHandlers } from './routes.ts';
export { openIdentityReview } from './identity-documents.ts';

// The identifications module (decision 045): its calls, registered from their descriptors.
export function createIdentificationsModule(deps: IdentificationsDeps): PortalModule {
  return { registerRoutes: (app) => registerIdentificationRouteHandlers(app, deps) };
}
