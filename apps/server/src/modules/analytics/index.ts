import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerAnalyticsRouteHandlers } from './routes.ts';

// The analytics module's public face: other modules import from here, never from its other files.
export function registerAnalyticsRoutes(app: FastifyInstance, context: ServerContext): void {
  registerAnalyticsRouteHandlers(app, context);
}

// The business hours in the database: written at start (app.ts), read by the after-hours reply.
export { isWithinBusinessHours, syncBusinessHours } from './business-hours-sync.ts';
