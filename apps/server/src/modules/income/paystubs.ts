import { eq, sql } from 'drizzle-orm';
import { incomeReviews, type Executor } from '@portal/db';

// New paystubs of a loan (the customer-side upload, the demo): the loan's income review needs
// review from now (a new one opens for a loan that had none); one already in the queue keeps its
// place and its reviewer, and a verified income is looked at again.
export async function markPaystubsArrived(
  tx: Executor,
  loan: { id: number; customerId: number },
  at: Date,
): Promise<void> {
  await tx
    .insert(incomeReviews)
    .values({ loanId: loan.id, customerId: loan.customerId, status: 'needs_review', submittedAt: at })
    .onConflictDoUpdate({
      target: incomeReviews.loanId,
      set: {
        status: 'needs_review',
        submittedAt: sql`case when ${incomeReviews.status} = 'needs_review' then ${incomeReviews.submittedAt} else excluded.submitted_at end`,
      },
    });
}

export async function findIncomeReviewStatus(db: Executor, loanId: number) {
  const [row] = await db
    .select({ status: incomeReviews.status })
    .from(incomeReviews)
    .where(eq(incomeReviews.loanId, loanId));
  return row?.status ?? null;
}
