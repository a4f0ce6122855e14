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
    // Refunds, few among the payments, for the ACH file's credits.
    index('payments_refunded_idx')
      .on(table.refundedAt)
      .where(sql`refunded_at is not null`),
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

// The NACHA files the Portal built (issue 41, decisions 067 and 068): one row per file, its text in
// storage. A file is 'building' while its entries are chosen customer by customer (each batch of
// customers one transaction under their debit locks), then 'ready' once its text is stored; at most
// one is building at a time, and a file left building by a crash is finished by the next build.
export const achFileStatuses = ['building', 'ready'] as const;

export const achFiles = pgTable(
  'ach_files',
  {
    id: bigintIdentity(),
    status: text({ enum: achFileStatuses }).notNull().default('building'),
    // The settlement day the entries ask for, and the business day the file goes to the bank.
    effectiveDate: date({ mode: 'string' }).notNull(),
    processingDate: date({ mode: 'string' }).notNull(),
    fileIdModifier: text().notNull(),
    // The first entry's trace sequence (7 digits, after the ODFI's 8): sequences run on across files.
    firstTraceSequence: integer().notNull(),
    builtBy: integer()
      .notNull()
      .references(() => employees.id),
    startedAt: timestampNow(),
    // Raised by the builder after each batch: a file whose builder has been silent for a while was
    // left by a crash, and the next build finishes it.
    heartbeatAt: timestampNow(),
    readyAt: timestamp({ withTimezone: true }),
    storageKey: text(),
    sha256: text(),
    byteSize: integer(),
    debitCount: integer().notNull().default(0),
    creditCount: integer().notNull().default(0),
    totalDebitCents: bigint({ mode: 'number' }).notNull().default(0),
    totalCreditCents: bigint({ mode: 'number' }).notNull().default(0),
    entryHash: text(),
    refusedCount: integer().notNull().default(0),
  },
  (table) => [
    index('ach_files_started_idx').on(table.startedAt),
    uniqueIndex('ach_files_one_building_key')
      .on(table.status)
      .where(sql`status = 'building'`),
  ],
);

// Each entry of a file: the payment it debits (or the refund it credits), its amount and trace number
// (what a return names), and the bank account it went to.
export const achEntries = pgTable(
  'ach_entries',
  {
    id: bigintIdentity(),
    fileId: bigintOwnedBy(() => achFiles.id),
    paymentId: bigintOwnedBy(() => payments.id),
    kind: text({ enum: ['debit', 'credit'] }).notNull(),
    amountCents: integer().notNull(),
    // The 15-digit trace number: the ODFI's 8 digits and the sequence.
    traceNumber: text().notNull(),
    // Its position in the file (entries are written in this order).
    sequence: integer().notNull(),
    bankAccountId: bigint({ mode: 'number' }).notNull(),
    // The bounce its return became, once a return file named it: a second file naming it changes nothing.
    returnedBounceId: bigint({ mode: 'number' }),
  },
  (table) => [
    uniqueIndex('ach_entries_file_sequence_key').on(table.fileId, table.sequence),
    index('ach_entries_trace_idx').on(table.traceNumber),
    index('ach_entries_payment_idx').on(table.paymentId),
  ],
);

// A debit the door kept out of a file, with the duty that held it and why, in the staff's words.
export const achRefusals = pgTable(
  'ach_refusals',
  {
    id: bigintIdentity(),
    fileId: bigintOwnedBy(() => achFiles.id),
    paymentId: bigintOwnedBy(() => payments.id),
    duty: text().notNull(),
    sentence: text().notNull(),
  },
  (table) => [
    // A file finished after a crash meets its refused debits again: each is kept once.
    uniqueIndex('ach_refusals_file_payment_key').on(table.fileId, table.paymentId),
    index('ach_refusals_payment_idx').on(table.paymentId),
  ],
);

// The bank's return files imported (issue 41): each kept in storage, known by its SHA-256 so the
// same file imported twice changes nothing, with what came of its returns.
export const achReturnFiles = pgTable(
  'ach_return_files',
  {
    id: bigintIdentity(),
    fileName: text().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    // The file header's creation date: the day the returns are recorded on.
    returnedOn: date({ mode: 'string' }).notNull(),
    returnCount: integer().notNull(),
    appliedCount: integer().notNull(),
    alreadyCount: integer().notNull(),
    unknownCount: integer().notNull(),
    refusedCount: integer().notNull(),
    problemCount: integer().notNull(),
    importedBy: integer()
      .notNull()
      .references(() => employees.id),
    importedAt: timestampNow(),
  },
  (table) => [uniqueIndex('ach_return_files_sha256_key').on(table.sha256)],
);
