import { and, asc, count, desc, eq, isNull, not } from 'drizzle-orm';
import { identityReviews, type Executor } from '@portal/db';
import { VERIFICATION_CODES } from '@portal/contracts';
import { customerVerifiedIs, findCustomersByIds, type CustomerRecord } from '../customers/index.ts';
import { employeeNameOf } from '../session/index.ts';

export type IdentityReviewRecord = typeof identityReviews.$inferSelect;
export const IDENTITY_DOCUMENT_KINDS = ['identification', 'selfie'] as const;

const held = customerVerifiedIs(identityReviews.customerId, VERIFICATION_CODES.manualFraudHold);

function inGroup(group: 'regular' | 'manual_hold') {
  return and(isNull(identityReviews.decidedAt), group === 'manual_hold' ? held : not(held));
}

// The open reviews of a group, oldest first, with their customers.
export async function findOpenReviews(
  db: Executor,
  group: 'regular' | 'manual_hold',
  limit: number,
): Promise<Array<{ review: IdentityReviewRecord; customer: CustomerRecord }>> {
  const reviews = await db
    .select()
    .from(identityReviews)
    .where(inGroup(group))
    .orderBy(asc(identityReviews.openedAt), asc(identityReviews.id))
    .limit(limit);
  const customers = new Map(
    (
      await findCustomersByIds(
        db,
        reviews.map((review) => review.customerId),
      )
    ).map((customer) => [customer.id, customer]),
  );
  return reviews.flatMap((review) => {
    const customer = customers.get(review.customerId);
    return customer ? [{ review, customer }] : [];
  });
}

export async function countOpenReviews(db: Executor, group: 'regular' | 'manual_hold'): Promise<number> {
  const [row] = await db.select({ n: count() }).from(identityReviews).where(inGroup(group));
  return row?.n ?? 0;
}

// The customer's open review, locked for the rest of the transaction: two reviewers deciding it
// at once go one after the other, and the second finds it decided.
export async function lockOpenReview(tx: Executor, customerId: number) {
  const [review] = await tx
    .select()
    .from(identityReviews)
    .where(and(eq(identityReviews.customerId, customerId), isNull(identityReviews.decidedAt)))
    .for('update');
  return review;
}

// The customer's last decided review with who decided it (to say why a decision came too late).
export async function findLastDecidedReview(db: Executor, customerId: number) {
  const [row] = await db
    .select({ review: identityReviews, decidedBy: employeeNameOf(identityReviews.decidedBy) })
    .from(identityReviews)
    .where(eq(identityReviews.customerId, customerId))
    .orderBy(desc(identityReviews.openedAt), desc(identityReviews.id))
    .limit(1);
  return row;
}

export async function findLatestReview(db: Executor, customerId: number) {
  const [review] = await db
    .select()
    .from(identityReviews)
    .where(eq(identityReviews.customerId, customerId))
    .orderBy(desc(identityReviews.openedAt), desc(identityReviews.id))
    .limit(1);
  return review;
}
