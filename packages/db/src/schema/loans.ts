import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { commentColumns } from './comment-columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';

export const loanTypes = ['standard', 'CreditBuilder', 'CommunityLoan'] as const;
export const paymentMethods = ['ach', 'debit'] as const;
export const paymentTypes = ['Installment', 'EarlyRepayment', 'Custom', 'Settlement'] as const;

// A loan's state is its timestamps (spec 000 section 4), never a separate status column.
export const loans = pgTable(
  'loans',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    type: text({ enum: loanTypes }).notNull().default('standard'),
    appliedAt: timestamp({ withTimezone: true }).notNull(),
    approvedAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    fundedAt: timestamp({ withTimezone: true }),
    fundingReturnedAt: timestamp({ withTimezone: true }),
    deniedAt: timestamp({ withTimezone: true }),
    denyReason: text(),
    denialSentAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    paidOffAt: timestamp({ withTimezone: true }),
    maturity: date({ mode: 'string' }),
    appliedAmountCents: integer().notNull(),
    cashAdvancedCents: integer(),
    installmentCount: integer().notNull(),
    // APR in basis points (3599 = 35.99%).
    aprBasisPoints: integer().notNull(),
    approvalCode: text(),
    autoDebit: boolean().notNull().default(true),
    fundingMethod: text({ enum: paymentMethods }),
    settlementMinCents: integer(),
    amountCreditedCents: integer().notNull().default(0),
    experiment: text(),
    stage3: boolean().notNull().default(false),
    manuals: boolean().notNull().default(false),
    uploadOpen: boolean().notNull().default(false),
    // The amount approved when it differs from the application (a manual counter-offer).
    approvedAmountCents: integer(),
    appealedAt: timestamp({ withTimezone: true }),
    // A 'fraud alert' comment written before this no longer holds the loan (Clear Alert).
    alertClearedAt: timestamp({ withTimezone: true }),
    // Raised by every change, so a change made from a stale screen is refused (loans/ calls).
    lockVersion: integer().notNull().default(0),
    createdAt: timestampNow(),
  },
  (table) => [index('loans_customer_idx').on(table.customerId)],
);

export const loanComments = pgTable(
  'loan_comments',
  {
    id: bigintIdentity(),
    loanId: bigintOwnedBy(() => loans.id),
    ...commentColumns(),
  },
  (table) => [index('loan_comments_loan_idx').on(table.loanId)],
);

// Payment state: paid (paidAt), processing (processingAt), invalid (invalidAt), otherwise due.
export const payments = pgTable(
  'payments',
  {
    id: bigintIdentity(),
    loanId: bigintOwnedBy(() => loans.id),
    type: text({ enum: paymentTypes }).notNull().default('Installment'),
    expectedAmountCents: integer().notNull(),
    due: date({ mode: 'string' }).notNull(),
    originalDue: date({ mode: 'string' }).notNull(),
    method: text({ enum: paymentMethods }).notNull().default('ach'),
    paidAt: timestamp({ withTimezone: true }),
    processingAt: timestamp({ withTimezone: true }),
    // When the debit was sent to the bank: kept when a return clears processingAt, so withdrawals
    // are ordered as they were made (12 CFR 1041.8(b)).
    presentedAt: timestamp({ withTimezone: true }),
    invalidAt: timestamp({ withTimezone: true }),
    bounceFeeCents: integer().notNull().default(0),
    userInitiated: boolean().notNull().default(false),
    refundable: boolean().notNull().default(false),
    refundedAt: timestamp({ withTimezone: true }),
    // A re-presentment of a returned payment (NACHA: R01/R09 at most twice in 180 days).
    representsPaymentId: bigint({ mode: 'number' }),
    // Raised by every change, so a change made from a stale screen is refused (loans/ calls).
    lockVersion: integer().notNull().default(0),
    createdAt: timestampNow(),
  },
  (table) => [
    index('payments_loan_idx').on(table.loanId, table.due),
    index('payments_due_idx').on(table.due),
    // Debits by the time they were sent (the duty audit's range).
    index('payments_presented_idx')
      .on(table.presentedAt)
      .where(sql`presented_at is not null`),
  ],
);

export const bounces = pgTable(
  'bounces',
  {
    id: bigintIdentity(),
    paymentId: bigintOwnedBy(() => payments.id),
    loanId: bigintOwnedBy(() => loans.id),
    // ACH return code (R01, R07, ...) or a card decline code.
    returnCode: text().notNull(),
    bouncedOn: date({ mode: 'string' }).notNull(),
    amountCents: integer().notNull(),
    feeCents: integer().notNull().default(0),
    feeWaived: boolean().notNull().default(false),
  },
  (table) => [index('bounces_loan_idx').on(table.loanId), index('bounces_payment_idx').on(table.paymentId)],
);

export const statements = pgTable(
  'statements',
  {
    id: bigintIdentity(),
    loanId: bigintOwnedBy(() => loans.id),
    storageKey: text().notNull(),
    pageNumber: integer().notNull().default(1),
    statementDate: date({ mode: 'string' }).notNull(),
  },
  (table) => [index('statements_loan_idx').on(table.loanId)],
);

// How a customer authorized automatic debits again after a failed-debit stop (12 CFR 1041.8(c)):
// who took it, when the customer gave it, and how.
export const debitAuthorizationMethods = ['written', 'electronic', 'recorded_call'] as const;

export const debitAuthorizations = pgTable(
  'debit_authorizations',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    method: text({ enum: debitAuthorizationMethods }).notNull(),
    givenAt: timestamp({ withTimezone: true }).notNull(),
    note: text(),
    recordedBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
  },
  (table) => [index('debit_authorizations_customer_idx').on(table.customerId, table.givenAt)],
);

// Automatic debits stopped on all of a customer's loans after two consecutive failed withdrawals
// (12 CFR 1041.8(b)); lifted by a new authorization.
export const debitStops = pgTable(
  'debit_stops',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    stoppedAt: timestamp({ withTimezone: true }).notNull(),
    // The two returns that stopped the debits.
    bounceIds: jsonb().$type<number[]>().notNull(),
    reason: text().notNull(),
    // The consumer-rights notice queued to the customer.
    noticeMessageId: bigint({ mode: 'number' }),
    liftedAt: timestamp({ withTimezone: true }),
    liftedByAuthorizationId: bigint({ mode: 'number' }).references(() => debitAuthorizations.id),
  },
  (table) => [
    index('debit_stops_customer_idx').on(table.customerId, table.stoppedAt),
    // At most one stop in force per customer.
    uniqueIndex('debit_stops_in_force_key')
      .on(table.customerId)
      .where(sql`lifted_at is null`),
  ],
);
