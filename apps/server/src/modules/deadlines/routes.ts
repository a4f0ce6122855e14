import type { FastifyInstance } from 'fastify';
import { deadlineCalls, type DeadlinesResponse } from '@portal/contracts';
import type { DeadlinesDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { sharedReading } from '../../platform/shared-reading.ts';
import { listDeadlines } from './list-deadlines.ts';
import { markNoticeMailed } from './mark-notice-mailed.ts';

// The deadlines calls: HTTP only. Any signed-in employee may read the list of their own queues and
// record a notice mailed on paper (their descriptors say so; which queues are whose, the service).
export function registerDeadlineRoutes(app: FastifyInstance, context: DeadlinesDeps): void {
  const share = sharedReading<DeadlinesResponse>();
  registerCall(app, deadlineCalls.deadlines, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listDeadlines(context, actorOf(request), request.query, share);
  });
  registerCall(app, deadlineCalls.noticeMailed, (request) =>
    markNoticeMailed(context, actorOf(request), request.body.id),
  );
}
