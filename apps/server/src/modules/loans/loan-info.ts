import {
  centsToDollars,
  documentFileUrl,
  loanDisplayLabel,
  statementDocumentId,
  stopOwesConsumerRightsNotice,
  type ApprovalAction,
  type LoanInfo,
  type Payment,
  type PayoffBreakdown,
} from '@portal/contracts';
import type { bounces } from '@portal/db';
import type { PendingApprovalJson } from '../approvals/index.ts';
import type { DebitStopRow, LoanCommentRow, StatementRow } from './customer-loans-json.ts';
import { isActiveLoan, paymentState } from './loan-state.ts';
import { payoffBreakdownAsOf } from './payoff.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';
import { isHighRiskReturn, returnCodeTitle } from './return-codes.ts';

// The loan read model: a loan with its payments and bounces as the wire carries it (GET ticket,
// GET loan_info). Pure mapping; the rows come from whoever read them (the ticket's one query).

export type BounceRecord = typeof bounces.$inferSelect;
// The ACH entries that presented a payment, oldest first: the bank account each drew on, and the
// bounce its return became (null for the entry not returned).
export type PresentingEntry = { bankAccountId: number; returnedBounceId: number | null };
export type PaymentWithBounces = { payment: PaymentRecord; bounces: BounceRecord[]; entries?: PresentingEntry[] };
export type LoanWithPayments = {
  loan: LoanRecord;
  payments: PaymentWithBounces[];
  comments: LoanCommentRow[];
  statements: StatementRow[];
  // The customer's failed-debit stop in force, shown on each of their loans.
  debitStop: DebitStopRow | null;
  // The loan's actions waiting for a second employee (four eyes).
  pendingApprovals?: PendingApprovalJson[];
};

// A comment holds the loan for fraud until Clear Alert (spec 000 section 4).
const FRAUD_ALERT = /fraud alert/i;

export type LoanInfoContext = {
  // The business date the payoff is quoted for, and the zone that dates the funding.
  today: string;
  timeZone: string;
  eligibleMethods: LoanInfo['eligible_payment_methods'];
};

const isoOrNull = (at: Date | null): string | null => (at ? at.toISOString() : null);

export function toWirePayment({ payment, bounces: list }: PaymentWithBounces): Payment {
  return {
    id: payment.id,
    expected_amt: centsToDollars(payment.expectedAmountCents),
    due: payment.due,
    original_due: payment.originalDue,
    paid: isoOrNull(payment.paidAt),
    processing: isoOrNull(payment.processingAt),
    invalid: isoOrNull(payment.invalidAt),
    state: paymentState(payment),
    method: payment.method,
    type: payment.type,
    bounce_fee: centsToDollars(payment.bounceFeeCents),
    bounces: list.map((bounce) => ({
      code: bounce.returnCode,
      title: returnCodeTitle(bounce.returnCode),
      high_risk: isHighRiskReturn(bounce.returnCode),
      date: bounce.bouncedOn,
      amount: centsToDollars(bounce.amountCents),
      fee: centsToDollars(bounce.feeCents),
      fee_waived: bounce.feeWaived,
    })),
    user_initiated: payment.userInitiated,
    refundable: payment.refundable,
    refunded: isoOrNull(payment.refundedAt),
    represents_payment_id: payment.representsPaymentId,
    lock_version: payment.lockVersion,
  };
}

const NOTHING_OWED: PayoffBreakdown = {
  principalCents: 0,
  interestCents: 0,
  feesCents: 0,
  creditsCents: 0,
  totalCents: 0,
};

// Payoff as of today, part by part; only an active loan has one (a denied, paid-off or returned
// loan owes nothing).
export function payoffBreakdownToday(
  { loan, payments }: Pick<LoanWithPayments, 'loan' | 'payments'>,
  context: Pick<LoanInfoContext, 'today' | 'timeZone'>,
): PayoffBreakdown {
  if (!isActiveLoan(loan)) return NOTHING_OWED;
  return payoffBreakdownAsOf(
    loan,
    payments.map(({ payment }) => payment),
    context.today,
    context.timeZone,
  );
}

export function payoffCentsToday(
  entry: Pick<LoanWithPayments, 'loan' | 'payments'>,
  context: Pick<LoanInfoContext, 'today' | 'timeZone'>,
): number {
  return payoffBreakdownToday(entry, context).totalCents;
}

// The newest high-risk return on any of the loan's payments, or null.
function newestHighRiskReturn(payments: readonly PaymentWithBounces[]): LoanInfo['high_risk_return'] {
  const risky = payments
    .flatMap(({ bounces: list }) => list)
    .filter((bounce) => isHighRiskReturn(bounce.returnCode))
    .sort((a, b) => b.bouncedOn.localeCompare(a.bouncedOn) || b.id - a.id)[0];
  return risky ? { code: risky.returnCode, title: returnCodeTitle(risky.returnCode), date: risky.bouncedOn } : null;
}

function toWireDebitStop(stop: DebitStopRow | null): LoanInfo['debit_stop'] {
  if (!stop) return null;
  return {
    id: stop.id,
    customer_id: stop.customerId,
    stopped_at: stop.stoppedAt.toISOString(),
    reason: stop.reason,
    notice_required: stopOwesConsumerRightsNotice(stop),
    notice_message_id: stop.noticeMessageId,
  };
}

function hasOpenFraudAlert(loan: LoanRecord, comments: readonly LoanCommentRow[]): boolean {
  const clearedAt = loan.alertClearedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return comments.some((comment) => FRAUD_ALERT.test(comment.body) && comment.createdAt.getTime() > clearedAt);
}

export function toLoanInfo(entry: LoanWithPayments, context: LoanInfoContext): LoanInfo {
  const { loan, payments } = entry;
  const timestamps = {
    approved: isoOrNull(loan.approvedAt),
    accepted: isoOrNull(loan.acceptedAt),
    funded: isoOrNull(loan.fundedAt),
    denied: isoOrNull(loan.deniedAt),
    closed_at: isoOrNull(loan.closedAt),
    paid_off: isoOrNull(loan.paidOffAt),
  };
  return {
    id: loan.id,
    type: loan.type,
    applied: loan.appliedAt.toISOString(),
    ...timestamps,
    funding_returned: isoOrNull(loan.fundingReturnedAt),
    deny_reason: loan.denyReason,
    maturity: loan.maturity,
    applied_amt: centsToDollars(loan.appliedAmountCents),
    cash_advanced: loan.cashAdvancedCents === null ? null : centsToDollars(loan.cashAdvancedCents),
    installment_num: loan.installmentCount,
    apr: loan.aprBasisPoints / 100,
    approval_code: loan.approvalCode,
    ach: loan.autoDebit,
    payoff_balance: centsToDollars(payoffCentsToday(entry, context)),
    amount_credited_to_loan: centsToDollars(loan.amountCreditedCents),
    eligible_payment_methods: context.eligibleMethods,
    approved_amt: loan.approvedAmountCents === null ? null : centsToDollars(loan.approvedAmountCents),
    denial_sent: isoOrNull(loan.denialSentAt),
    appealed: isoOrNull(loan.appealedAt),
    stage3: loan.stage3,
    manuals: loan.manuals,
    upload_open: loan.uploadOpen,
    settlement_min: loan.settlementMinCents === null ? null : centsToDollars(loan.settlementMinCents),
    fraud_alert: hasOpenFraudAlert(loan, entry.comments),
    high_risk_return: newestHighRiskReturn(payments),
    debit_stop: toWireDebitStop(entry.debitStop),
    pending_approvals: (entry.pendingApprovals ?? []).map((approval) => ({
      id: approval.id,
      action: approval.action as ApprovalAction,
      summary: approval.summary,
      made_by: approval.madeBy,
      made_at: new Date(approval.madeAt).toISOString(),
      expires_at: new Date(approval.expiresAt).toISOString(),
    })),
    comments: entry.comments.map((comment) => ({
      id: comment.id,
      body: comment.body,
      created_at: comment.createdAt.toISOString(),
      employee: comment.employeeName,
    })),
    statements: entry.statements.map((statement) => ({
      id: statement.id,
      date: statement.statementDate,
      page_number: statement.pageNumber,
      url: documentFileUrl(statementDocumentId(statement.id)),
    })),
    lock_version: loan.lockVersion,
    display_status: loanDisplayLabel(timestamps),
    payments: payments.map(toWirePayment),
  };
}
