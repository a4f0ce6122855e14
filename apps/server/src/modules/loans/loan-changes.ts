import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { reopenLoan, toggleLoanAch } from './loan-decisions.ts';

// The ticket view's loan actions (PATCH reopen_approval, PATCH toggle_ach) are the loan card's
// (loans/reopen_loan, loans/toggle_ach), answered as the ticket calls answer: the sentence alone.

export async function reopenApproval(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  loanId: number,
) {
  const { message } = await reopenLoan(context, actor, { loan_id: loanId });
  return { message };
}

export async function toggleAutoDebit(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  loanId: number,
) {
  const { message } = await toggleLoanAch(context, actor, { loan_id: loanId });
  return { message };
}
