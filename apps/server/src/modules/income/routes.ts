import type { FastifyInstance } from 'fastify';
import { incomeCalls as calls } from '@portal/contracts';
import type { IncomeDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { nextIncomeReview } from './income-review.ts';
import { releaseIncomeReview } from './release-review.ts';
import { requestNewStub, rerequestReasons } from './request-new-stub.ts';
import { verifyIncome } from './verify-income.ts';

// The income review calls (spec 001 section 7): GET income/review, PATCH income/verify_income,
// GET income/rerequest_reasons, PATCH income/request_new_stub; and PATCH income/release (ours: the
// screen left).
export function registerIncomeRouteHandlers(app: FastifyInstance, context: IncomeDeps): void {
  registerCall(app, calls.review, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return nextIncomeReview(context, actorOf(request));
  });
  registerCall(app, calls.verifyIncome, (request) => verifyIncome(context, actorOf(request), request.body));
  registerCall(app, calls.rerequestReasons, () => rerequestReasons());
  registerCall(app, calls.release, (request) => releaseIncomeReview(context, actorOf(request), request.body.loan_id));
  registerCall(app, calls.requestNewStub, (request) => requestNewStub(context, actorOf(request), request.body));
}
