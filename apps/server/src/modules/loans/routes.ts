import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_BASE_PATH,
  actionResponse,
  earlyRepayBalanceQuery,
  earlyRepayBalanceResponse,
  earlyRepayCancel,
  earlyRepayRequest,
  loanIdBody,
  paymentDateRequest,
  paymentIdBody,
  smallerPaymentRequest,
} from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import { actorOf } from '../../platform/actor.ts';
import { parseInput } from '../../platform/request-input.ts';
import { cancelEarlyRepayment, quoteEarlyRepayment, scheduleEarlyRepayment } from './early-repayment.ts';
import { reopenApproval, toggleAutoDebit } from './loan-changes.ts';
import { creditBounceFee, makePaymentSmaller, reschedulePayment, togglePaymentMethod } from './payment-changes.ts';

const answers = { response: { 200: actionResponse } };

// The account actions of the ticket view (spec 000 section 7, Tickets): each answers what changed
// in a sentence, and the web app refetches the loans. The auth hook has already required a session.
export function registerLoanRoutes(app: FastifyInstance, context: ServerContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(`${API_BASE_PATH}/early_repay`, { schema: { body: earlyRepayRequest, ...answers } }, (request) =>
    scheduleEarlyRepayment(context, actorOf(request), request.body.loan_id, request.body.date),
  );

  // Clients send DELETE fields in the body or in the query; either is accepted.
  api.delete(`${API_BASE_PATH}/early_repay`, { schema: answers }, (request) => {
    const actor = actorOf(request);
    const input = parseInput(earlyRepayCancel, { ...objectOf(request.query), ...objectOf(request.body) });
    return cancelEarlyRepayment(context, actor, input.pmt_id);
  });

  api.get(
    `${API_BASE_PATH}/early_repay_balance`,
    { schema: { querystring: earlyRepayBalanceQuery, response: { 200: earlyRepayBalanceResponse } } },
    (request) => quoteEarlyRepayment(context, request.query.loan_id, request.query.date),
  );

  api.patch(`${API_BASE_PATH}/payment_date`, { schema: { body: paymentDateRequest, ...answers } }, (request) =>
    reschedulePayment(context, actorOf(request), request.body.pmt_id, request.body.date),
  );

  api.patch(`${API_BASE_PATH}/toggle_payment_method`, { schema: { body: paymentIdBody, ...answers } }, (request) =>
    togglePaymentMethod(context, actorOf(request), request.body.pmt_id),
  );

  api.patch(`${API_BASE_PATH}/reopen_approval`, { schema: { body: loanIdBody, ...answers } }, (request) =>
    reopenApproval(context, actorOf(request), request.body.loan_id),
  );

  api.patch(`${API_BASE_PATH}/smaller_payment`, { schema: { body: smallerPaymentRequest, ...answers } }, (request) =>
    makePaymentSmaller(context, actorOf(request), request.body.pmt_id, request.body.amt),
  );

  api.patch(`${API_BASE_PATH}/credit_bounce_fee`, { schema: { body: paymentIdBody, ...answers } }, (request) =>
    creditBounceFee(context, actorOf(request), request.body.pmt_id),
  );

  api.patch(`${API_BASE_PATH}/toggle_ach`, { schema: { body: loanIdBody, ...answers } }, (request) =>
    toggleAutoDebit(context, actorOf(request), request.body.loan_id),
  );
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
