import type { FastifyInstance } from 'fastify';
import { loanCalls } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { cancelEarlyRepayment, quoteEarlyRepayment, scheduleEarlyRepayment } from './early-repayment.ts';
import { reopenApproval, toggleAutoDebit } from './loan-changes.ts';
import { resendApprovalText } from './loan-messages.ts';
import { creditBounceFee, makePaymentSmaller, reschedulePayment, togglePaymentMethod } from './payment-changes.ts';

// The account actions of the ticket view (spec 000 section 7, Tickets): each answers what changed
// in a sentence, and the web app refetches the loans. The auth hook has already required a session.
export function registerLoanRoutes(app: FastifyInstance, context: LoansDeps): void {
  registerCall(app, loanCalls.resendApprovalText, (request) =>
    resendApprovalText(context, actorOf(request), request.body.loan_id),
  );

  registerCall(app, loanCalls.createEarlyRepay, (request) =>
    scheduleEarlyRepayment(context, actorOf(request), request.body.loan_id, request.body.date),
  );

  // Clients send DELETE fields in the body or in the query; either is accepted.
  registerCall(
    app,
    loanCalls.cancelEarlyRepay,
    (request) => cancelEarlyRepayment(context, actorOf(request), request.query.pmt_id),
    {
      readQuery: (request) => ({ ...objectOf(request.query), ...objectOf(request.body) }),
    },
  );

  registerCall(app, loanCalls.getEarlyRepayBalance, (request) =>
    quoteEarlyRepayment(context, request.query.loan_id, request.query.date),
  );

  registerCall(app, loanCalls.changePaymentDate, (request) =>
    reschedulePayment(context, actorOf(request), request.body.pmt_id, request.body.date),
  );

  registerCall(app, loanCalls.togglePaymentMethod, (request) =>
    togglePaymentMethod(context, actorOf(request), request.body.pmt_id),
  );

  registerCall(app, loanCalls.reopenApproval, (request) =>
    reopenApproval(context, actorOf(request), request.body.loan_id),
  );

  registerCall(app, loanCalls.smallerPayment, (request) =>
    makePaymentSmaller(context, actorOf(request), request.body.pmt_id, request.body.amt),
  );

  registerCall(app, loanCalls.creditBounceFee, (request) =>
    creditBounceFee(context, actorOf(request), request.body.pmt_id),
  );

  registerCall(app, loanCalls.toggleAch, (request) => toggleAutoDebit(context, actorOf(request), request.body.loan_id));
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
