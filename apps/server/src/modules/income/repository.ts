import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { customers, documents, incomeReviews, loans, tickets, type Executor } from '@portal/db';

export type IncomeReviewRecord = typeof incomeReviews.$inferSelect;

export async function countNeedingReview(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(incomeReviews).where(eq(incomeReviews.status, 'needs_review'));
  return row?.n ?? 0;
}

export async function findReviewWithLoan(db: Executor, id: number) {
  const [row] = await db
    .select({ review: incomeReviews, loan: loans, customer: customers })
    .from(incomeReviews)
    .innerJoin(loans, eq(loans.id, incomeReviews.loanId))
    .innerJoin(customers, eq(customers.id, incomeReviews.customerId))
    .where(eq(incomeReviews.id, id));
  return row;
}

// The loan's review locked for the rest of the transaction (a verify and a re-request of one loan
// go one after the other).
export async function lockReviewOfLoan(tx: Executor, loanId: number) {
  const [review] = await tx.select().from(incomeReviews).where(eq(incomeReviews.loanId, loanId)).for('update');
  return review;
}

export async function findPaystubs(db: Executor, loanId: number) {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.loanId, loanId), eq(documents.kind, 'paystub')))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

// The loan's paystubs not yet read, marked read now; answers their ids.
export async function markUnreadPaystubsReviewed(tx: Executor, loanId: number, at: Date): Promise<number[]> {
  const marked = await tx
    .update(documents)
    .set({ reviewedAt: at })
    .where(and(eq(documents.loanId, loanId), eq(documents.kind, 'paystub'), isNull(documents.reviewedAt)))
    .returning({ id: documents.id });
  return marked.map((row) => row.id);
}

// The customer's latest ticket (the review links to it: the customer may have said something about
// their pay there).
export async function findLastTicketId(db: Executor, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.customerId, customerId))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row?.id ?? null;
}
