import { sql } from 'drizzle-orm';
import { incomeReviews } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';

// Loans whose paystubs need review, the longest waiting first, to anyone signed in; a lease lasts
// BACK_OFFICE_LEASE_MINUTES like the other back-office queues.
export const incomeQueue = createWorkQueue({
  name: 'income_reviews',
  table: incomeReviews,
  columns: { id: incomeReviews.id, assignedTo: incomeReviews.assignedTo, leaseExpiresAt: incomeReviews.leaseExpiresAt },
  // Written out so the planner matches income_reviews_free_idx and income_reviews_lease_idx.
  inQueue: sql`${incomeReviews.status} = 'needs_review'`,
  order: sql`${incomeReviews.submittedAt}, ${incomeReviews.id}`,
  enteredAt: incomeReviews.submittedAt,
  heldByOther: (_id, holder) => `These paystubs are being reviewed by ${holder}.`,
  requireOnline: false,
});
