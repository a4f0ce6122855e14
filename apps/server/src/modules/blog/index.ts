import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerBlogRouteHandlers } from './routes.ts';

// The blog module's public face: other modules import from here, never from its other files.
export function registerBlogRoutes(app: FastifyInstance, context: ServerContext): void {
  registerBlogRouteHandlers(app, context);
}
// Posts and images saved without HTTP, by the editor's own rules (the demo's first start).
export { createBlogService, type BlogContext } from './service.ts';
export { storeBlogImage } from './image-upload.ts';
