import { isActiveByMilestones } from '@portal/contracts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// Pure readings of a loan's and a payment's timestamps (spec 000 section 4). The one home of these
// rules on the server: GET ticket's loans, the account actions and the statements all read them.

export type PaymentState = 'due' | 'paid' | 'processing' | 'invalid';

// Invalid wins over paid: an invalidated payment no longer counts, whatever it was before.
export function paymentState(payment: Pick<PaymentRecord, 'paidAt' | 'processingAt' | 'invalidAt'>): PaymentState {
  if (payment.invalidAt) return 'invalid';
  if (payment.paidAt) return 'paid';
  if (payment.processingAt) return 'processing';
  return 'due';
}

export type LoanLifeTimestamps = Pick<
  LoanRecord,
  'fundedAt' | 'fundingReturnedAt' | 'deniedAt' | 'paidOffAt' | 'closedAt'
>;

// The Portal's one rule (contracts rules/active-loan.ts): funded, the money did not come back, and
// neither denied, paid off nor closed. activeLoanWhere is the same rule for queries.
export function isActiveLoan(loan: LoanLifeTimestamps): boolean {
  return isActiveByMilestones({
    funded: loan.fundedAt !== null,
    fundingReturned: loan.fundingReturnedAt !== null,
    denied: loan.deniedAt !== null,
    paidOff: loan.paidOffAt !== null,
    closed: loan.closedAt !== null,
  });
}

// Why a loan is not active, in a sentence staff can act on; null when it is.
export function notActiveReason(loan: LoanRecord): string | null {
  if (loan.deniedAt) return `Loan ${loan.id} was denied, so it has no balance to repay.`;
  if (loan.paidOffAt) return `Loan ${loan.id} is already paid off.`;
  if (loan.fundingReturnedAt) return `The funding of loan ${loan.id} was returned, so it has no balance to repay.`;
  if (!loan.fundedAt) return `Loan ${loan.id} is not funded yet, so it has no balance to repay.`;
  if (loan.closedAt) return `Loan ${loan.id} is closed, so it has no balance to repay.`;
  return null;
}

// Why a payment's date, method or amount cannot change; null when it can.
export function unchangeableReason(payment: PaymentRecord): string | null {
  const state = paymentState(payment);
  if (state === 'paid') return `Payment ${payment.id} is already paid, so it cannot be changed.`;
  if (state === 'processing') return `Payment ${payment.id} is being processed, so it cannot be changed.`;
  if (state === 'invalid') return `Payment ${payment.id} was cancelled (invalid), so it cannot be changed.`;
  return null;
}

// A payment still to be collected: not paid, not processing, not cancelled.
export function isOpenPayment(payment: PaymentRecord): boolean {
  return paymentState(payment) === 'due';
}

export function principalOf(loan: Pick<LoanRecord, 'cashAdvancedCents' | 'appliedAmountCents'>): number {
  return loan.cashAdvancedCents ?? loan.appliedAmountCents;
}
