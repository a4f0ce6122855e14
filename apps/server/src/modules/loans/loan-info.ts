import { centsToDollars, loanDisplayLabel, type LoanInfo, type Payment } from '@portal/contracts';
import type { bounces } from '@portal/db';
import { isActiveLoan, paymentState } from './loan-state.ts';
import { payoffCentsAsOf } from './payoff.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// The loan read model: a loan with its payments and bounces as the wire carries it (GET ticket,
// GET loan_info). Pure mapping; the rows come from whoever read them (the ticket's one query).

export type BounceRecord = typeof bounces.$inferSelect;
export type PaymentWithBounces = { payment: PaymentRecord; bounces: BounceRecord[] };
export type LoanWithPayments = { loan: LoanRecord; payments: PaymentWithBounces[] };

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
      date: bounce.bouncedOn,
      amount: centsToDollars(bounce.amountCents),
      fee: centsToDollars(bounce.feeCents),
      fee_waived: bounce.feeWaived,
    })),
    user_initiated: payment.userInitiated,
    refundable: payment.refundable,
  };
}

// Payoff as of today; only an active loan has one (a denied, paid-off or returned loan owes nothing).
export function payoffCentsToday(
  { loan, payments }: LoanWithPayments,
  context: Pick<LoanInfoContext, 'today' | 'timeZone'>,
): number {
  if (!isActiveLoan(loan)) return 0;
  return payoffCentsAsOf(
    loan,
    payments.map(({ payment }) => payment),
    context.today,
    context.timeZone,
  );
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
    display_status: loanDisplayLabel(timestamps),
    payments: payments.map(toWirePayment),
  };
}
