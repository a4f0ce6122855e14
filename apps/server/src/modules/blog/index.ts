import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerBlogRouteHandlers } from './routes.ts';

// The blog module's public face: other modules import from here, never from its other files.
export function registerBlogRoutes(app: FastifyInstance, context: ServerContext): void {
  registerBlogRouteHandlers(app, context);
}
export { seedBlogDemo } from './demo-posts.ts';
