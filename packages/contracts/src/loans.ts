import { z } from 'zod';
import { defineCall } from './call.ts';
import { APPROVAL_ACTIONS } from './rules/approvals.ts';
import {
  actionResponseSchema,
  bigDatabaseIdSchema,
  dollarAmountSchema,
  isoDateSchema,
  nullableTimestampSchema,
  ticketIdRequestSchema,
} from './primitives.ts';

// A customer's loans and payments as the ticket view shows them, and the account actions on them
// (spec 000 section 7, Tickets). Money is dollars on the wire, cents inside.

export const paymentStates = ['due', 'paid', 'processing', 'invalid'] as const;

export const paymentSchema = z.object({
  id: z.number(),
  expected_amt: z.number(),
  due: z.string(),
  original_due: z.string(),
  paid: nullableTimestampSchema,
  processing: nullableTimestampSchema,
  invalid: nullableTimestampSchema,
  state: z.enum(paymentStates),
  method: z.enum(['ach', 'debit']),
  type: z.string(),
  bounce_fee: z.number(),
  bounces: z.array(
    z.object({
      // The NACHA return code (R01...) and its published title; high_risk for R07, R08 and R10 (spec
      // 000 section 9) and for NACHA's unauthorized returns (the reference data's set; issue 37).
      code: z.string(),
      title: z.string(),
      high_risk: z.boolean(),
      date: z.string(),
      amount: z.number(),
      fee: z.number(),
      fee_waived: z.boolean(),
    }),
  ),
  user_initiated: z.boolean(),
  refundable: z.boolean(),
  refunded: nullableTimestampSchema,
  // The returned payment this one presents again (a NACHA re-presentment, rules/failed-debits.ts).
  represents_payment_id: z.number().nullable(),
  // Sent back with a change, so a change made from a stale screen is refused (409).
  lock_version: z.number(),
});
export type Payment = z.infer<typeof paymentSchema>;

// The customer's debit stop in force (rules/failed-debits.ts): two failed withdrawals in a row (12
// CFR 1041.8(b)) or an unauthorized return (NACHA; Reg E 12 CFR 1005.10(c)). Since when, why (the
// returns, as the card says it), whether it owes the consumer-rights notice (1041.9(c): only a
// 1041.8 stop does) and the notice queued to the customer (null: none could be, or none is owed).
export const debitStopSchema = z.object({
  id: z.number(),
  customer_id: z.number(),
  stopped_at: z.string(),
  reason: z.string(),
  notice_required: z.boolean(),
  notice_message_id: z.number().nullable(),
});
export type DebitStop = z.infer<typeof debitStopSchema>;

export const loanInfoSchema = z.object({
  id: z.number(),
  type: z.enum(['standard', 'CreditBuilder', 'CommunityLoan']),
  applied: z.string(),
  approved: nullableTimestampSchema,
  accepted: nullableTimestampSchema,
  funded: nullableTimestampSchema,
  funding_returned: nullableTimestampSchema,
  closed_at: nullableTimestampSchema,
  denied: nullableTimestampSchema,
  deny_reason: z.string().nullable(),
  paid_off: nullableTimestampSchema,
  maturity: z.string().nullable(),
  applied_amt: z.number(),
  cash_advanced: z.number().nullable(),
  installment_num: z.number(),
  apr: z.number(),
  approval_code: z.string().nullable(),
  ach: z.boolean(),
  payoff_balance: z.number(),
  amount_credited_to_loan: z.number(),
  eligible_payment_methods: z.array(z.enum(['ach', 'debit'])),
  // The amount approved when a manual counter-offer changed it, else null.
  approved_amt: z.number().nullable(),
  denial_sent: nullableTimestampSchema,
  appealed: nullableTimestampSchema,
  stage3: z.boolean(),
  manuals: z.boolean(),
  upload_open: z.boolean(),
  settlement_min: z.number().nullable(),
  // A comment mentions a fraud alert that nobody has cleared (the Clear Alert button).
  fraud_alert: z.boolean(),
  // The newest high-risk return (R07, R08, R10): switching a payment back to ACH needs the
  // payments.validate_any permission while it stands.
  high_risk_return: z.object({ code: z.string(), title: z.string(), date: z.string() }).nullable(),
  // Automatic debits stopped on all of the customer's loans until a new authorization, or null.
  debit_stop: debitStopSchema.nullable(),
  // The loan's actions waiting for a second employee (four eyes, issue 41): what, who asked, when it expires.
  pending_approvals: z.array(
    z.object({
      id: z.number(),
      action: z.enum(APPROVAL_ACTIONS),
      summary: z.string(),
      made_by: z.string().nullable(),
      made_at: z.string(),
      expires_at: z.string(),
    }),
  ),
  comments: z.array(
    z.object({ id: z.number(), body: z.string(), created_at: z.string(), employee: z.string().nullable() }),
  ),
  // Bank statements of the application, oldest first; url opens the file (GET documents/:id).
  statements: z.array(z.object({ id: z.number(), date: z.string(), page_number: z.number(), url: z.string() })),
  lock_version: z.number(),
  // From loanDisplayLabel (rules/loan-display.ts), so every screen says the same.
  display_status: z.string(),
  payments: z.array(paymentSchema),
});
export type LoanInfo = z.infer<typeof loanInfoSchema>;

// Keyed by loan id.
export const loanInfoResponseSchema = z.object({ loans: z.record(z.string(), loanInfoSchema) });
export type LoanInfoResponse = z.infer<typeof loanInfoResponseSchema>;

export const earlyRepayRequestSchema = z.object({ loan_id: bigDatabaseIdSchema, date: isoDateSchema });
export type EarlyRepayRequest = z.input<typeof earlyRepayRequestSchema>;
export const earlyRepayCancelRequestSchema = z.object({ pmt_id: bigDatabaseIdSchema });
export type EarlyRepayCancelRequest = z.input<typeof earlyRepayCancelRequestSchema>;
export const earlyRepayBalanceQuerySchema = z.object({ loan_id: bigDatabaseIdSchema, date: isoDateSchema });
export type EarlyRepayBalanceQuery = z.input<typeof earlyRepayBalanceQuerySchema>;
export const earlyRepayBalanceResponseSchema = z.object({ loan_id: z.number(), date: z.string(), balance: z.number() });
export type EarlyRepayBalanceResponse = z.infer<typeof earlyRepayBalanceResponseSchema>;

export const paymentDateRequestSchema = z.object({ pmt_id: bigDatabaseIdSchema, date: isoDateSchema });
export type PaymentDateRequest = z.input<typeof paymentDateRequestSchema>;
export const paymentIdRequestSchema = z.object({ pmt_id: bigDatabaseIdSchema });
export type PaymentIdRequest = z.input<typeof paymentIdRequestSchema>;
export const loanIdRequestSchema = z.object({ loan_id: bigDatabaseIdSchema });
export type LoanIdRequest = z.input<typeof loanIdRequestSchema>;
export const smallerPaymentRequestSchema = z.object({ pmt_id: bigDatabaseIdSchema, amt: dollarAmountSchema });
export type SmallerPaymentRequest = z.input<typeof smallerPaymentRequestSchema>;

export const resendApprovalTextRequestSchema = z.object({ loan_id: bigDatabaseIdSchema });
export type ResendApprovalTextRequest = z.input<typeof resendApprovalTextRequestSchema>;
// 'Text Sent' (spec 000 section 8) when the text goes out now; when the contact gate holds it for
// the customer's quiet hours, a sentence saying so and until when (issue 39), and held_until.
export const resendApprovalTextResponseSchema = z.object({ message: z.string(), held_until: z.string().nullable() });
export type ResendApprovalTextResponse = z.infer<typeof resendApprovalTextResponseSchema>;

// Every action answers {message} (actionResponseSchema); the web app refetches the ticket.
export const loanCalls = {
  // The loans of ticket id's customer.
  getLoanInfo: defineCall({
    method: 'GET',
    path: 'loan_info',
    access: 'signedIn',
    query: ticketIdRequestSchema,
    response: loanInfoResponseSchema,
  }),
  // Schedules the payoff of the loan on date.
  createEarlyRepay: defineCall({
    method: 'POST',
    path: 'early_repay',
    access: 'signedIn',
    body: earlyRepayRequestSchema,
    response: actionResponseSchema,
  }),
  // Cancels a scheduled early repayment. Our client sends pmt_id in the query; the server also takes it from the body.
  cancelEarlyRepay: defineCall({
    method: 'DELETE',
    path: 'early_repay',
    access: 'signedIn',
    query: earlyRepayCancelRequestSchema,
    response: actionResponseSchema,
  }),
  // What the customer would pay to close the loan on date.
  getEarlyRepayBalance: defineCall({
    method: 'GET',
    path: 'early_repay_balance',
    access: 'signedIn',
    query: earlyRepayBalanceQuerySchema,
    response: earlyRepayBalanceResponseSchema,
  }),
  // Moves a due payment (a weekday, today or later).
  changePaymentDate: defineCall({
    method: 'PATCH',
    path: 'payment_date',
    access: 'signedIn',
    body: paymentDateRequestSchema,
    response: actionResponseSchema,
  }),
  // Switches a due payment between ACH and debit card.
  togglePaymentMethod: defineCall({
    method: 'PATCH',
    path: 'toggle_payment_method',
    access: 'signedIn',
    body: paymentIdRequestSchema,
    response: actionResponseSchema,
  }),
  // Reopens an approved loan that closed before funding.
  reopenApproval: defineCall({
    method: 'PATCH',
    path: 'reopen_approval',
    access: 'signedIn',
    body: loanIdRequestSchema,
    response: actionResponseSchema,
  }),
  // Lowers a due payment to amt dollars.
  smallerPayment: defineCall({
    method: 'PATCH',
    path: 'smaller_payment',
    access: 'signedIn',
    body: smallerPaymentRequestSchema,
    response: actionResponseSchema,
  }),
  // Waives the returned-payment fee.
  creditBounceFee: defineCall({
    method: 'PATCH',
    path: 'credit_bounce_fee',
    access: 'signedIn',
    body: paymentIdRequestSchema,
    response: actionResponseSchema,
  }),
  toggleAch: defineCall({
    method: 'PATCH',
    path: 'toggle_ach',
    access: 'signedIn',
    body: loanIdRequestSchema,
    response: actionResponseSchema,
  }),
  // The approval text again, for an offer still waiting to be accepted (a users/ path, as in the spec).
  resendApprovalText: defineCall({
    method: 'POST',
    path: 'users/resend_approval_text',
    access: 'signedIn',
    body: resendApprovalTextRequestSchema,
    response: resendApprovalTextResponseSchema,
  }),
};
