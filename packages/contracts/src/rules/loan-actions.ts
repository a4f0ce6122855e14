import type { LoanInfo } from '../loans.ts';
import { loanDisplayStatus } from './loan-display.ts';

// Which buttons a loan card shows (spec 000 section 4, 'Loan card lifecycle by timestamps'). The
// card shows exactly these and the server refuses the rest with 409, so both read this one rule.

// Statements an application needs before it can be decided by hand.
export const MANUAL_DECISION_MIN_STATEMENTS = 3;

export type LoanActionSubject = Pick<
  LoanInfo,
  | 'id'
  | 'type'
  | 'approved'
  | 'accepted'
  | 'funded'
  | 'funding_returned'
  | 'denied'
  | 'closed_at'
  | 'paid_off'
  | 'deny_reason'
  | 'denial_sent'
  | 'stage3'
  | 'manuals'
  | 'fraud_alert'
  | 'settlement_min'
  | 'maturity'
> & {
  statements: readonly unknown[];
  payments: ReadonlyArray<Pick<LoanInfo['payments'][number], 'state'>>;
};

const isUndecided = (loan: LoanActionSubject) => !loan.approved && !loan.denied && !loan.closed_at;

// Approve and Deny: an application not yet approved, denied or closed.
export function canDecide(loan: LoanActionSubject): boolean {
  return isUndecided(loan);
}

// Cancel (with its 'Sure?' second click): anything not closed and not funded.
export function canCancelLoan(loan: LoanActionSubject): boolean {
  return !loan.closed_at && !loan.funded;
}

export function canConfirmCreditBuilder(loan: LoanActionSubject): boolean {
  return loan.type === 'CreditBuilder' && isUndecided(loan);
}

// The ACH (auto debit) toggle: an approved loan.
export function showsAchToggle(loan: LoanActionSubject): boolean {
  return loan.approved !== null;
}

export function canClearAlert(loan: LoanActionSubject): boolean {
  return loan.fraud_alert && !loan.approved;
}

// Manual Denial: enough statements to decide on, not approved, no denial sent yet, and out of
// stage 3 unless it was sent to manual review.
export function canSendManualDenial(loan: LoanActionSubject): boolean {
  return (
    loan.statements.length >= MANUAL_DECISION_MIN_STATEMENTS &&
    !loan.approved &&
    !loan.denial_sent &&
    (!loan.stage3 || loan.manuals)
  );
}

// Manual Approval (a counter-offer): as Manual Denial, and not for a loan denied at stage 3.
export function canApproveManually(loan: LoanActionSubject): boolean {
  return canSendManualDenial(loan) && loan.deny_reason !== 'stage_3';
}

// Reopen: the latest loan, approved, closed before funding, not denied.
export function canReopenLoan(loan: LoanActionSubject, latest: Pick<LoanInfo, 'id'> | null): boolean {
  return latest?.id === loan.id && !!loan.approved && !!loan.closed_at && !loan.funded && !loan.denied;
}

// Appeal: the latest loan, denied.
export function canAppeal(loan: LoanActionSubject, latest: Pick<LoanInfo, 'id'> | null): boolean {
  return latest?.id === loan.id && !!loan.denied;
}

// A loan being repaid: funded, not paid off, not denied, and its funding did not come back (such a
// loan still reads ACTIVE, with the return in red, but owes nothing). Payoff, credits, schedules.
export function isRepaying(loan: LoanActionSubject): boolean {
  return loanDisplayStatus(loan) === 'ACTIVE' && !loan.funding_returned;
}

// Settlement: a settlement minimum exists, the loan has matured (before today), and nothing is
// being processed; only a loan still being repaid has a balance to settle.
export function canSettle(loan: LoanActionSubject, today: string): boolean {
  return (
    loan.settlement_min !== null &&
    loan.maturity !== null &&
    loan.maturity < today &&
    isRepaying(loan) &&
    !loan.payments.some((payment) => payment.state === 'processing')
  );
}

export type LoanAction =
  | 'approve'
  | 'deny'
  | 'cancel'
  | 'confirm-cb'
  | 'ach-toggle'
  | 'clear-alert'
  | 'manual-denial'
  | 'manual-approval'
  | 'reopen'
  | 'appeal'
  | 'payoff'
  | 'credit'
  | 'settlement';

// The card's buttons, in the order it shows them.
export function loanActions(loan: LoanActionSubject, latest: Pick<LoanInfo, 'id'> | null, today: string): LoanAction[] {
  const offered: Array<[LoanAction, boolean]> = [
    ['approve', canDecide(loan)],
    ['deny', canDecide(loan)],
    ['confirm-cb', canConfirmCreditBuilder(loan)],
    ['manual-approval', canApproveManually(loan)],
    ['manual-denial', canSendManualDenial(loan)],
    ['clear-alert', canClearAlert(loan)],
    ['reopen', canReopenLoan(loan, latest)],
    ['appeal', canAppeal(loan, latest)],
    ['ach-toggle', showsAchToggle(loan)],
    ['payoff', isRepaying(loan)],
    ['credit', isRepaying(loan)],
    ['settlement', canSettle(loan, today)],
    ['cancel', canCancelLoan(loan)],
  ];
  return offered.flatMap(([action, allowed]) => (allowed ? [action] : []));
}
