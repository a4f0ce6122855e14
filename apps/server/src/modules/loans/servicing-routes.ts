import type { FastifyInstance } from 'fastify';
import { loanServicingCalls as calls } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { recordDebitAuthorization } from './debit-authorization.ts';
import { calculateEarlyRepayment, createEarlyRepayment } from './early-repayment.ts';
import { createSettlement, creditLoan } from './loan-adjustments.ts';
import {
  addLoanComment,
  appealDenial,
  approveManually,
  cancelLoan,
  clearFraudAlert,
  confirmCreditBuilder,
  openUploadLink,
  reopenLoan,
  sendManualDenial,
  submitDecision,
  toggleLoanAch,
} from './loan-decisions.ts';
import { editLoanField } from './loan-edits.ts';
import { loanHistory } from './loan-history.ts';
import { changePayment, customPayments, splitPayment } from './payment-servicing.ts';
import { recordReturn } from './record-return.ts';

// The Loans calls of the loan card (spec 000 section 7): each answers the loan as the card shows
// it. HTTP only; the rules, locks and audit live in the services.
export function registerLoanServicingRoutes(app: FastifyInstance, context: LoansDeps): void {
  registerCall(app, calls.changePayment, (request) => changePayment(context, actorOf(request), request.body));
  registerCall(app, calls.splitPayment, (request) => splitPayment(context, actorOf(request), request.body));
  registerCall(app, calls.customPayments, (request) => customPayments(context, actorOf(request), request.body));
  registerCall(app, calls.manualDenialEmail, (request) => sendManualDenial(context, actorOf(request), request.body));
  registerCall(app, calls.manualApproval, (request) => approveManually(context, actorOf(request), request.body));
  registerCall(app, calls.earlyRepayCalculate, (request) =>
    calculateEarlyRepayment(context, request.query.loan_id, request.query.date),
  );
  registerCall(app, calls.createEarlyRepay, (request) =>
    createEarlyRepayment(context, actorOf(request), request.body.loan_id, request.body.date),
  );
  registerCall(app, calls.cancel, (request) => cancelLoan(context, actorOf(request), request.body));
  registerCall(app, calls.confirmCb, (request) => confirmCreditBuilder(context, actorOf(request), request.body));
  registerCall(app, calls.toggleAch, (request) => toggleLoanAch(context, actorOf(request), request.body));
  registerCall(app, calls.clearAlert, (request) => clearFraudAlert(context, actorOf(request), request.body));
  registerCall(app, calls.reopenLoan, (request) => reopenLoan(context, actorOf(request), request.body));
  registerCall(app, calls.editInfo, (request) => editLoanField(context, actorOf(request), request.body));
  registerCall(app, calls.submitDecision, (request) => submitDecision(context, actorOf(request), request.body));
  registerCall(app, calls.appeal, (request) => appealDenial(context, actorOf(request), request.body));
  registerCall(app, calls.creditLoan, (request) =>
    creditLoan(context, actorOf(request), { ...request.body, credit_amount: request.body.credit_amount! }),
  );
  registerCall(app, calls.settlement, (request) =>
    createSettlement(context, actorOf(request), request.body.settlement),
  );
  registerCall(app, calls.openLink, (request) => openUploadLink(context, actorOf(request), request.body));
  registerCall(app, calls.addComment, (request) => addLoanComment(context, actorOf(request), request.body));
  registerCall(app, calls.history, (request) => loanHistory(context, request.query.loan_id));
  // The failed-debit stop and NACHA re-presentment (decision 048).
  registerCall(app, calls.recordReturn, (request) => recordReturn(context, actorOf(request), request.body));
  registerCall(app, calls.debitAuthorization, (request) =>
    recordDebitAuthorization(context, actorOf(request), request.body),
  );
}
