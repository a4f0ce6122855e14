import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { registerIncomeRouteHandlers } from './routes.ts';

// The income module's public face: other modules import from here, never from its other files.
export function registerIncomeRoutes(app: FastifyInstance, context: ServerContext): void {
  registerIncomeRouteHandlers(app, context);
}
export { findIncomeReviewStatus, markPaystubsArrived } from './paystubs.ts';
