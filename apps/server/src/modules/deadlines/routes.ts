import type { FastifyInstance } from 'fastify';
import { deadlineCalls } from '@portal/contracts';
import type { DeadlinesDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { listDeadlines } from './list-deadlines.ts';

// The deadlines call: HTTP only. Any signed-in employee may read it (its descriptor says so).
export function registerDeadlineRoutes(app: FastifyInstance, context: DeadlinesDeps): void {
  registerCall(app, deadlineCalls.deadlines, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listDeadlines(context, request.query.scope);
  });
}
