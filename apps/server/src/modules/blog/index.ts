import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

// The blog module's public face: other modules import from here, never from its other files.
export function registerBlogRoutes(app: FastifyInstance, context: ServerContext): void {
  void app;
  void context;
}
