import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerSurveyRouteHandlers } from './routes.ts';

// The surveys module's public face: other modules import from here, never from its other files.
export function registerSurveyRoutes(app: FastifyInstance, context: ServerContext): void {
  registerSurveyRouteHandlers(app, context);
}
