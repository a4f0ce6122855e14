import { DAY_MS, type LoanInfo } from '@portal/contracts';
import { isActiveLoan, methodsOfChargeable, paymentState } from '../loans/index.ts';
import type { CustomerProfileRow, LoanRow, LoanWithPayments } from './detail-repository.ts';
import type { SuggestionState } from './suggest.ts';

// Pure mapping from the rows GET ticket loads to the wire shapes; no queries here. The loans
// themselves are the loans module's read model (toLoanInfo).

export const APPLIED_WITHIN_DAYS = 30;
export const APPROVED_WITHIN_DAYS = 14;

export function analyzeLoans(loans: readonly LoanRow[], now: Date) {
  const appliedSince = now.getTime() - APPLIED_WITHIN_DAYS * DAY_MS;
  const approvedSince = now.getTime() - APPROVED_WITHIN_DAYS * DAY_MS;
  const undecided = (loan: LoanRow) => loan.fundedAt === null && loan.deniedAt === null && loan.closedAt === null;
  const recentlyApproved = loans
    .filter((loan) => loan.approvedAt !== null && loan.approvedAt.getTime() >= approvedSince && undecided(loan))
    .sort((a, b) => (b.approvedAt?.getTime() ?? 0) - (a.approvedAt?.getTime() ?? 0))[0];
  return {
    active_loan: loans.filter(isActiveLoan).map((loan) => loan.id),
    applied_loan: loans
      .filter((loan) => loan.appliedAt.getTime() >= appliedSince && undecided(loan))
      .map((loan) => loan.id),
    recently_approved_loan: recentlyApproved?.id ?? null,
  };
}

export function eligibleMethods(
  profile: Pick<CustomerProfileRow, 'chargeableBank' | 'chargeableCard'>,
): LoanInfo['eligible_payment_methods'] {
  return methodsOfChargeable({ bank: profile.chargeableBank, card: profile.chargeableCard });
}

// What the suggestion rules need to know about the account.
export function suggestionState(profile: CustomerProfileRow, loans: readonly LoanWithPayments[]): SuggestionState {
  const active = loans.filter(({ loan }) => isActiveLoan(loan));
  const newestActive = active
    .map(({ loan }) => loan)
    .sort((a, b) => (b.fundedAt?.getTime() ?? 0) - (a.fundedAt?.getTime() ?? 0))[0];
  const activePayments = active.flatMap(({ payments }) => payments);
  const due = activePayments
    .filter(({ payment }) => paymentState(payment) === 'due')
    .sort((a, b) => a.payment.due.localeCompare(b.payment.due));
  const next = due.find(({ payment }) => payment.type !== 'EarlyRepayment')?.payment;
  const early = due.find(({ payment }) => payment.type === 'EarlyRepayment')?.payment;
  const bounces = activePayments
    .flatMap(({ bounces: list }) => list)
    .sort((a, b) => b.bouncedOn.localeCompare(a.bouncedOn) || b.id - a.id);
  const latestBounce = bounces[0];
  return {
    firstName: profile.customer.firstName,
    email: profile.customer.email,
    activeLoanId: newestActive?.id ?? null,
    nextPayment: next
      ? { loanId: next.loanId, date: next.due, amountCents: next.expectedAmountCents, method: next.method }
      : null,
    earlyRepayment: early ? { loanId: early.loanId, date: early.due, amountCents: early.expectedAmountCents } : null,
    latestBounce: latestBounce ? { loanId: latestBounce.loanId, amountCents: latestBounce.amountCents } : null,
  };
}
