import type { Executor } from '@portal/db';
import { conflict, notFound } from '../../platform/http-error.ts';
import type { Actor } from '../../platform/actor.ts';
import { incomeQueue } from './income-queue.ts';
import * as repository from './repository.ts';

// The loan's review, locked, when the caller may decide it now: its paystubs need review and no one
// else holds a live lease on it (a lapsed lease, or none, is fine: the decision is the caller's).
export async function lockReviewToDecide(tx: Executor, caller: Actor, loanId: number, now: Date) {
  const review = await repository.lockReviewOfLoan(tx, loanId);
  if (!review) throw notFound(`Loan ${loanId} has no income review.`);
  if (review.status === 'verified') throw conflict(`The income of loan ${loanId} was already verified.`);
  if (review.status === 'waiting')
    throw conflict(`Loan ${loanId} is waiting for the customer to send a new paystub; there is nothing to review yet.`);
  await incomeQueue.assertNotHeldByOther(tx, review, caller.employeeId, now);
  return review;
}
