import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { leaseColumns, workQueueIndexes } from './work-queue-columns.ts';
import { loans } from './loans.ts';

// Document reviews of an application (spec 001 sections 2-5): identity documents and paystubs.
// The files themselves are documents (kind identification, selfie or paystub).

// The identity checks of an application, as the identity providers answered them.
export type IdentityAnalytics = {
  aggregate_check: { pass: boolean; reason: string };
  checks: { name: string; pass: boolean; reason: string }[];
};

export const identityDecisions = ['approve', 'request', 'cancel', 'selfie'] as const;

// One customer's identity documents waiting for a decision (decided_at null), with what the
// application's checks found. A manual fraud hold keeps the review open (held_at) and puts the
// customer's verification code to -7; every other decision closes it.
export const identityReviews = pgTable(
  'identity_reviews',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    // The application the documents are for.
    loanId: bigint({ mode: 'number' }).references(() => loans.id, { onDelete: 'set null' }),
    // As the application gave it: state and number.
    driversLicense: text(),
    ekataFraudScore: integer(),
    analytics: jsonb().$type<IdentityAnalytics>().notNull(),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    heldAt: timestamp({ withTimezone: true }),
    heldBy: integer().references(() => employees.id),
    decision: text({ enum: identityDecisions }),
    decisionReason: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => employees.id),
  },
  (table) => [
    // The cards on the screen: open reviews, oldest first.
    index('identity_reviews_open_idx')
      .on(table.openedAt, table.id)
      .where(sql`${table.decidedAt} is null`),
    // At most one open review per customer: new documents join the open one.
    uniqueIndex('identity_reviews_one_open_idx')
      .on(table.customerId)
      .where(sql`${table.decidedAt} is null`),
  ],
);

export const incomeReviewStatuses = ['waiting', 'needs_review', 'verified'] as const;

// A loan's income check: waiting for paystubs, paystubs that need review (the queue, leased to one
// reviewer at a time), or verified with the income found.
export const incomeReviews = pgTable(
  'income_reviews',
  {
    id: bigintIdentity(),
    loanId: bigintOwnedBy(() => loans.id),
    customerId: bigintOwnedBy(() => customers.id),
    status: text({ enum: incomeReviewStatuses }).notNull(),
    // When the paystubs now waiting arrived (queue order).
    submittedAt: timestamp({ withTimezone: true }),
    ...leaseColumns(),
    paystubDate: date({ mode: 'string' }),
    grossCents: integer(),
    netCents: integer(),
    frequency: text(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: integer().references(() => employees.id),
    requestedAt: timestamp({ withTimezone: true }),
    requestedBy: integer().references(() => employees.id),
    requestReasons: jsonb().$type<string[]>(),
  },
  (table) => [
    uniqueIndex('income_reviews_loan_idx').on(table.loanId),
    // Get-next: the paystubs that need review, oldest first.
    ...workQueueIndexes('income_reviews', table, sql`${table.status} = 'needs_review'`, [table.submittedAt, table.id]),
  ],
);
