import { z } from 'zod';
import { defineCall, needs, type CallAccess } from './call.ts';
import { PAYMENT_FREQUENCIES } from './constants.ts';
import { verbatimMessage } from './errors.ts';
import { loanInfoSchema } from './loans.ts';
import { bigDatabaseIdSchema, dollarAmountSchema, int32Schema, isoDateSchema, requiredText } from './primitives.ts';
import {
  DEBIT_AUTHORIZATION_METHODS,
  DEBIT_AUTHORIZATION_NOTE_MAX,
  DEBIT_AUTHORIZATION_NOTE_MIN,
  DEBIT_AUTHORIZATION_NOTE_TOO_SHORT,
} from './rules/failed-debits.ts';
import { isCalendarDate } from './rules/payment-calendar.ts';

// The Loans calls of the loan card (spec 000 section 7, Loans): every one under loans/, every one
// answering the loan as the card shows it, so the card redraws from the answer. Money is dollars
// on the wire and integer cents inside.

// The spec's own words (section 5).
export const CREDIT_AMOUNT_REQUIRED_MESSAGE = verbatimMessage('Please enter a value for credit amount.');
// A split that needs confirming answers 409 with a sentence starting so (spec 000 section 8).
export const SPLIT_WARNING_PREFIX = 'Warning';

export type PaymentFrequency = (typeof PAYMENT_FREQUENCIES)[number];

// The lock_version the screen showed. A change carrying one that is no longer current is refused
// with 409 and the loan as it stands now; without one, changes simply apply one after the other.
const lockVersionSchema = int32Schema({ min: 0 }).optional();

const loanIdSchema = bigDatabaseIdSchema;

export const changePaymentActions = ['toggle_method', 'toggle_valid', 'refund', 'reschedule'] as const;
export type ChangePaymentAction = (typeof changePaymentActions)[number];

export const changePaymentRequestSchema = z.object({
  payment: z.object(
    {
      id: bigDatabaseIdSchema,
      action: z.enum(changePaymentActions, {
        error: 'The action must be toggle_method, toggle_valid, refund or reschedule.',
      }),
      // reschedule only: the new due date.
      date: isoDateSchema.optional(),
      lock_version: lockVersionSchema,
    },
    { error: 'The payment field is required.' },
  ),
});
export type ChangePaymentRequest = z.input<typeof changePaymentRequestSchema>;

export const splitPaymentRequestSchema = z.object({
  loan_id: loanIdSchema,
  payment_id: bigDatabaseIdSchema,
  // Dollars moved to the new payment on `date`; the rest stays on the payment's own date.
  size: dollarAmountSchema,
  date: isoDateSchema,
  warning_accepted: z.boolean().optional(),
  lock_version: lockVersionSchema,
});
export type SplitPaymentRequest = z.input<typeof splitPaymentRequestSchema>;

export const customPaymentsRequestSchema = z.object({
  loan: loanIdSchema,
  // The first payment of the new schedule.
  date: isoDateSchema,
  // Each payment of the new schedule; the last one takes what is left.
  amount: dollarAmountSchema,
  frequency: z.enum(PAYMENT_FREQUENCIES, { error: 'The frequency must be monthly, biweekly or weekly.' }),
  lock_version: lockVersionSchema,
});
export type CustomPaymentsRequest = z.input<typeof customPaymentsRequestSchema>;

export const loanActionRequestSchema = z.object({ loan_id: loanIdSchema, lock_version: lockVersionSchema });
export type LoanActionRequest = z.input<typeof loanActionRequestSchema>;

export const manualApprovalRequestSchema = z.object({
  loan_id: loanIdSchema,
  // The counter-offer: what the customer is approved for, at most what they applied for.
  amount: dollarAmountSchema,
  lock_version: lockVersionSchema,
});
export type ManualApprovalRequest = z.input<typeof manualApprovalRequestSchema>;

export const loanDateRequestSchema = z.object({ loan_id: loanIdSchema, date: isoDateSchema });
export type LoanDateRequest = z.input<typeof loanDateRequestSchema>;

export const loanEditableFields = ['maturity', 'settlement_min', 'deny_reason', 'experiment'] as const;
export type LoanEditableField = (typeof loanEditableFields)[number];

export const loanEditRequestSchema = z.object({
  parameter: z.enum(loanEditableFields, {
    error: 'The parameter must be maturity, settlement_min, deny_reason or experiment.',
  }),
  text: z.string({ error: 'The text field is required.' }).max(500, 'The text can be at most 500 characters.'),
  loan_id: loanIdSchema,
  force: z.boolean().optional(),
  lock_version: lockVersionSchema,
});
export type LoanEditRequest = z.input<typeof loanEditRequestSchema>;

export const loanDecisions = ['approve', 'deny'] as const;
export const submitDecisionRequestSchema = z.object({
  loan_id: loanIdSchema,
  decision: z.enum(loanDecisions, { error: 'The decision must be approve or deny.' }),
  lock_version: lockVersionSchema,
});
export type SubmitDecisionRequest = z.input<typeof submitDecisionRequestSchema>;

// A missing or empty amount is the spec's message; a present one is checked as any amount is.
export const creditLoanRequestSchema = z.object({
  loan_id: loanIdSchema,
  credit_amount: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.union([z.undefined(), dollarAmountSchema]).refine((value) => value !== undefined, CREDIT_AMOUNT_REQUIRED_MESSAGE),
  ),
  lock_version: lockVersionSchema,
});
export type CreditLoanRequest = z.input<typeof creditLoanRequestSchema>;

export const settlementRequestSchema = z.object({
  settlement: z.object(
    {
      loan_id: loanIdSchema,
      // What the customer pays to settle: at least the loan's settlement minimum.
      amount: dollarAmountSchema,
      lock_version: lockVersionSchema,
    },
    { error: 'The settlement field is required.' },
  ),
});
export type SettlementRequest = z.input<typeof settlementRequestSchema>;

export const openLinkRequestSchema = z.object({ loan: loanIdSchema, lock_version: lockVersionSchema });
export type OpenLinkRequest = z.input<typeof openLinkRequestSchema>;

export const loanCommentRequestSchema = z.object({
  loan_id: loanIdSchema,
  comment: requiredText('Please enter a comment.', 2000, 'A comment can be at most 2000 characters.'),
});
export type LoanCommentRequest = z.input<typeof loanCommentRequestSchema>;

export const loanActionResponseSchema = z.object({ message: z.string(), loan: loanInfoSchema });
export type LoanActionResponse = z.infer<typeof loanActionResponseSchema>;

export const earlyRepayCalculateResponseSchema = z.object({
  loan_id: z.number(),
  date: z.string(),
  // Principal left + interest to the date + unpaid fees - credits (rules/loan-math.ts).
  balance: z.number(),
  loan: loanInfoSchema,
});
export type EarlyRepayCalculateResponse = z.infer<typeof earlyRepayCalculateResponseSchema>;

export const loanHistoryQuerySchema = z.object({ loan_id: loanIdSchema });
export type LoanHistoryQuery = z.input<typeof loanHistoryQuerySchema>;

export const loanHistoryEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  employee: z.string().nullable(),
  action: z.string(),
  // 'loan' or 'payment 123'.
  subject: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type LoanHistoryEntry = z.infer<typeof loanHistoryEntrySchema>;
export const loanHistoryResponseSchema = z.object({ loan_id: z.number(), history: z.array(loanHistoryEntrySchema) });
export type LoanHistoryResponse = z.infer<typeof loanHistoryResponseSchema>;

// An ACH return the bank reported on a payment (payments operations): the NACHA code checked
// against the reference list by the server, and the day it came back.
export const recordReturnRequestSchema = z.object({
  payment_id: bigDatabaseIdSchema,
  return_code: z
    .string({ error: 'The return_code field is required (a NACHA code such as R01).' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the return code (a NACHA code such as R01).')
    .max(10, 'A return code is a NACHA code such as R01.'),
  returned_on: isoDateSchema.refine(isCalendarDate, 'returned_on is not a date of the calendar.'),
});
export type RecordReturnRequest = z.input<typeof recordReturnRequestSchema>;

// The customer's new authorization of automatic debits after a stop (12 CFR 1041.8(c); an
// unauthorized return's): how and when they gave it, and a note, required (what was authorized and
// where it is kept; 400 when shorter than DEBIT_AUTHORIZATION_NOTE_MIN). The rules of the dialog and
// of the server are one (rules/failed-debits.ts, debitAuthorizationProblems).
export const debitAuthorizationRequestSchema = z.object({
  user_id: bigDatabaseIdSchema,
  method: z.enum(DEBIT_AUTHORIZATION_METHODS, {
    error: 'The method must be written, electronic or recorded_call.',
  }),
  given_at: z.iso.datetime({
    offset: true,
    error: 'given_at must be a date and time, such as 2026-11-21T16:00:00Z.',
  }),
  note: z
    .string({
      error: (issue) => (issue.input === undefined ? DEBIT_AUTHORIZATION_NOTE_TOO_SHORT : 'The note must be text.'),
    })
    .trim()
    .min(DEBIT_AUTHORIZATION_NOTE_MIN, DEBIT_AUTHORIZATION_NOTE_TOO_SHORT)
    .max(DEBIT_AUTHORIZATION_NOTE_MAX, `The note can be at most ${DEBIT_AUTHORIZATION_NOTE_MAX} characters.`),
});
export type DebitAuthorizationRequest = z.input<typeof debitAuthorizationRequestSchema>;

export const debitAuthorizationResponseSchema = z.object({
  message: z.string(),
  authorization_id: z.number(),
  // The loans whose automatic debits the stop had turned off and this turned back on.
  restored_loan_ids: z.array(z.number()),
});
export type DebitAuthorizationResponse = z.infer<typeof debitAuthorizationResponseSchema>;

const patch = <Body extends z.ZodType, Path extends string>(path: Path, body: Body, access: CallAccess = 'signedIn') =>
  defineCall({ method: 'PATCH', path, access, body, response: loanActionResponseSchema });
const post = <Body extends z.ZodType, Path extends string>(path: Path, body: Body, access: CallAccess = 'signedIn') =>
  defineCall({ method: 'POST', path, access, body, response: loanActionResponseSchema });

export const loanServicingCalls = {
  // action toggle_method | toggle_valid | refund | reschedule (with date).
  changePayment: patch('loans/change_payment', changePaymentRequestSchema),
  splitPayment: patch('loans/split_payment', splitPaymentRequestSchema),
  // Replaces the upcoming installments with a schedule of `amount` every `frequency` from `date`.
  customPayments: patch('loans/custom_payments', customPaymentsRequestSchema),
  manualDenialEmail: post('loans/manual_denial_email', loanActionRequestSchema),
  manualApproval: post('loans/manual_approval', manualApprovalRequestSchema),
  earlyRepayCalculate: defineCall({
    method: 'GET',
    path: 'loans/early_repay_calculate',
    access: 'signedIn',
    query: loanDateRequestSchema,
    response: earlyRepayCalculateResponseSchema,
  }),
  createEarlyRepay: post('loans/create_early_repay', loanDateRequestSchema),
  cancel: patch('loans/cancel', loanActionRequestSchema),
  confirmCb: patch('loans/confirm_cb', loanActionRequestSchema),
  toggleAch: patch('loans/toggle_ach', loanActionRequestSchema),
  clearAlert: patch('loans/clear_alert', loanActionRequestSchema),
  reopenLoan: patch('loans/reopen_loan', loanActionRequestSchema),
  editInfo: patch('loans/edit_info', loanEditRequestSchema),
  submitDecision: post('loans/submit_decision', submitDecisionRequestSchema),
  appeal: post('loans/appeal', loanActionRequestSchema),
  creditLoan: post('loans/credit_loan', creditLoanRequestSchema, needs('loans.credit')),
  settlement: patch('loans/settlement', settlementRequestSchema, needs('loans.settle')),
  // Opens the customer's document upload link for the loan again.
  openLink: patch('loans/open_link', openLinkRequestSchema),
  // Adds a note to the loan's comments box.
  addComment: post('loans/comments', loanCommentRequestSchema),
  // Every change to the loan and its payments: who, when, before and after (audit events).
  history: defineCall({
    method: 'GET',
    path: 'loans/history',
    access: 'signedIn',
    query: loanHistoryQuerySchema,
    response: loanHistoryResponseSchema,
  }),
  // Records an ACH return on a payment and applies the failed-debit rules (decision 048): the stop
  // after an unauthorized return or two failures in a row, else NACHA's re-presentment (never of an
  // unauthorized return). Answers the payment's loan. Outside
  // loans/: payments operations record returns from the bank's file, not from a loan card.
  recordReturn: post('payments/record_return', recordReturnRequestSchema, needs('payments.record_returns')),
  // Records the customer's new authorization, which lifts their stop: lifting a duty, so compliance's
  // (convention 9, issue 37), with a note that says what was authorized and where it is kept.
  debitAuthorization: defineCall({
    method: 'POST',
    path: 'loans/debit_authorization',
    access: needs('customers.lift_duties'),
    body: debitAuthorizationRequestSchema,
    response: debitAuthorizationResponseSchema,
  }),
};
