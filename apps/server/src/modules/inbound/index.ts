// The inbound module's public face: app.ts and the OpenAPI plugin import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { InboundDeps } from './deps.ts';
import { registerInboundRoutes } from './routes.ts';

// The two webhooks are not JSON calls: the OpenAPI document describes them from here.
export { inboundRouteDescriptions, inboundSecuritySchemes } from './api-description.ts';

// The inbound module (decision 045): the SMS and email webhooks.
export function createInboundModule(deps: InboundDeps): PortalModule {
  return { registerRoutes: (app) => registerInboundRoutes(app, deps) };
}
