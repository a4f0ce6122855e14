import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { bankAccounts, customers, documents, employees, identityReviews, type Executor } from '@portal/db';
import { VERIFICATION_CODES } from '@portal/contracts';

export type IdentityReviewRecord = typeof identityReviews.$inferSelect;
export const IDENTITY_DOCUMENT_KINDS = ['identification', 'selfie'] as const;

const held = sql`${customers.verified} = ${VERIFICATION_CODES.manualFraudHold}`;

function inGroup(group: 'regular' | 'manual_hold') {
  return and(isNull(identityReviews.decidedAt), group === 'manual_hold' ? held : sql`not (${held})`);
}

// The open reviews of a group, oldest first, with their customers.
export async function findOpenReviews(db: Executor, group: 'regular' | 'manual_hold', limit: number) {
  return db
    .select({ review: identityReviews, customer: customers })
    .from(identityReviews)
    .innerJoin(customers, eq(customers.id, identityReviews.customerId))
    .where(inGroup(group))
    .orderBy(asc(identityReviews.openedAt), asc(identityReviews.id))
    .limit(limit);
}

export async function countOpenReviews(db: Executor, group: 'regular' | 'manual_hold'): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(identityReviews)
    .innerJoin(customers, eq(customers.id, identityReviews.customerId))
    .where(inGroup(group));
  return row?.n ?? 0;
}

// The identity documents of these customers, newest first.
export async function findIdentityDocuments(db: Executor, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.customerId, customerIds), inArray(documents.kind, [...IDENTITY_DOCUMENT_KINDS])))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

// Each customer's newest bank account's routing number.
export async function findRoutingNumbers(db: Executor, customerIds: number[]): Promise<Map<number, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([bankAccounts.customerId], {
      customerId: bankAccounts.customerId,
      routing: bankAccounts.routingNumber,
    })
    .from(bankAccounts)
    .where(inArray(bankAccounts.customerId, customerIds))
    .orderBy(bankAccounts.customerId, desc(bankAccounts.addedAt), desc(bankAccounts.id));
  return new Map(rows.map((row) => [row.customerId, row.routing]));
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
    .select({ review: identityReviews, decidedBy: employees.name })
    .from(identityReviews)
    .leftJoin(employees, eq(employees.id, identityReviews.decidedBy))
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
