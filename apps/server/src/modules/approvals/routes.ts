import type { FastifyInstance } from 'fastify';
import { approvalCalls as calls } from '@portal/contracts';
import type { ApprovalsDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { approve, listApprovals, reject } from './approval-service.ts';

// The approvals inbox and its decisions (issue 41): each needs approvals.decide (its descriptor).
export function registerApprovalRoutes(app: FastifyInstance, deps: ApprovalsDeps): void {
  registerCall(app, calls.listApprovals, (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listApprovals(deps);
  });
  registerCall(app, calls.approve, (request) => approve(deps, actorOf(request), request.params.id));
  registerCall(app, calls.reject, (request) => reject(deps, actorOf(request), request.params.id, request.body.note));
}
