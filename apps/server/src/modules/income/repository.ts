import { count, eq } from 'drizzle-orm';
import { incomeReviews, type Executor } from '@portal/db';
import { findCustomer } from '../customers/index.ts';
import { findLoan } from '../loans/index.ts';

export type IncomeReviewRecord = typeof incomeReviews.$inferSelect;

export async function countNeedingReview(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incomeReviews).where(eq(incomeReviews.status, 'needs_review'));
  return row?.n ?? 0;
}

// The review with its loan and customer (asked of their owners), or undefined when any is missing.
export async function findReviewWithLoan(db: Executor, id: number) {
  const [review] = await db.select().from(incomeReviews).where(eq(incomeReviews.id, id));
  if (!review) return undefined;
  const loan = await findLoan(db, review.loanId);
  const customer = await findCustomer(db, review.customerId);
  return loan && customer ? { review, loan, customer } : undefined;
}

// The loan's review locked for the rest of the transaction (a verify and a re-request of one loan
// go one after the other).
export async function lockReviewOfLoan(tx: Executor, loanId: number) {
  const [review] = await tx.select().from(incomeReviews).where(eq(incomeReviews.loanId, loanId)).for('update');
  return review;
}
