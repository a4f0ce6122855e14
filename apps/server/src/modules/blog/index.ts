// The blog module's public face: other modules import from here, never from its other files.

import type { PortalModule } from '../../platform/portal-module.ts';
import type { BlogDeps } from './deps.ts';
import { registerBlogRouteHandlers } from './routes.ts';

// The blog module (decision 045): its calls, registered from their descriptors.
export function createBlogModule(deps: BlogDeps): PortalModule {
  return { registerRoutes: (app) => registerBlogRouteHandlers(app, deps) };
}
// Posts and images saved without HTTP, by the editor's own rules (the demo's first start).
export { createBlogService, type BlogContext } from './service.ts';
export { storeBlogImage } from './image-upload.ts';
