import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { identityReviews, incomeReviews, type Executor } from '@portal/db';

// The underwriting reviews of the customer's applications (spec 001 sections 2-5): identity reviews
// (modules/identifications) and income reviews (modules/income). Neither owner lists a customer's
// reviews, so they are read here, listed in tableReaders; the queue's lease columns are left out
// (who held a card on screen is not a decision).

export async function readIdentityReviews(tx: Executor, customerId: number) {
  return tx
    .select({
      id: identityReviews.id,
      loanId: identityReviews.loanId,
      openedAt: identityReviews.openedAt,
      driversLicense: identityReviews.driversLicense,
      ekataFraudScore: identityReviews.ekataFraudScore,
      analytics: identityReviews.analytics,
      heldAt: identityReviews.heldAt,
      heldBy: identityReviews.heldBy,
      decision: identityReviews.decision,
      decisionReason: identityReviews.decisionReason,
      decidedAt: identityReviews.decidedAt,
      decidedBy: identityReviews.decidedBy,
    })
    .from(identityReviews)
    .where(eq(identityReviews.customerId, customerId))
    .orderBy(asc(identityReviews.openedAt), asc(identityReviews.id));
}

export async function readIncomeReviews(tx: Executor, customerId: number) {
  return tx
    .select({
      id: incomeReviews.id,
      loanId: incomeReviews.loanId,
      status: incomeReviews.status,
      submittedAt: incomeReviews.submittedAt,
      paystubDate: incomeReviews.paystubDate,
      grossCents: incomeReviews.grossCents,
      netCents: incomeReviews.netCents,
      frequency: incomeReviews.frequency,
      periodStart: incomeReviews.periodStart,
      periodEnd: incomeReviews.periodEnd,
      verifiedAt: incomeReviews.verifiedAt,
      verifiedBy: incomeReviews.verifiedBy,
      requestedAt: incomeReviews.requestedAt,
      requestedBy: incomeReviews.requestedBy,
      requestReasons: incomeReviews.requestReasons,
    })
    .from(incomeReviews)
    .where(eq(incomeReviews.customerId, customerId))
    .orderBy(asc(incomeReviews.loanId), asc(incomeReviews.id));
}

// The ids of the customer's reviews as subqueries (one column, `id`), for their audit events.
export const identityReviewIdsOf = (customerId: number): SQL =>
  sql`select ${identityReviews.id} as id from ${identityReviews} where ${eq(identityReviews.customerId, customerId)}`;
export const incomeReviewIdsOf = (customerId: number): SQL =>
  sql`select ${incomeReviews.id} as id from ${incomeReviews} where ${eq(incomeReviews.customerId, customerId)}`;
