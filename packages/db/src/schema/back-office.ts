import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { loans } from './loans.ts';

// Document-driven work of the back office (spec 001): consumer disputes and bankruptcy notices.
// Each is one uploaded PDF in the file storage, handed out as a work queue item (lease columns
// assignedTo/leaseExpiresAt, platform/work-queue.ts). Their wire status is derived: resolved or
// processed once done, assigned while someone holds a live lease, otherwise waiting.

export const disputes = pgTable(
  'disputes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    assignedTo: integer().references(() => employees.id),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The FCRA investigation period: 30 days after receipt, in the business time zone.
    dueDate: date({ mode: 'string' }).notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    customerId: bigint({ mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    loanId: bigint({ mode: 'number' }).references(() => loans.id, { onDelete: 'set null' }),
    firstName: text(),
    lastName: text(),
    street: text(),
    city: text(),
    state: text(),
    zip: text(),
    // Dispute::DebtValidation, Dispute::IdentityTheft, Dispute::GoodwillRequest, Dispute::Other.
    type: text(),
    sentByThirdParty: boolean(),
    containsValid3pa: boolean(),
    phoneNumber: text(),
    // Only the last four digits of an SSN sent with an update are kept (decision 023).
    ssnLast4: text(),
    failedResponsesCount: integer().notNull().default(0),
    latestFailedResponseError: text(),
    responseType: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: integer().references(() => employees.id),
    // Resolved with the consumer still disagreeing: the loan reports compliance condition XC.
    consumerDisagrees: boolean().notNull().default(false),
    // Found frivolous or irrelevant (12 CFR 1022.43(f)): when and why; the notice to the consumer
    // is due within 5 business days of that (the deadline engine) and was sent at frivolousNoticeSentAt.
    frivolousAt: timestamp({ withTimezone: true }),
    frivolousReason: text(),
    frivolousNoticeSentAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => employees.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The unresolved list: by due date, oldest first.
    index('disputes_unresolved_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.resolvedAt} is null`),
    // Get-next (platform/work-queue.ts): the free ones in queue order, and the leases that may have
    // run out by their end, so the items others hold are never read on the way.
    index('disputes_free_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.resolvedAt} is null and ${table.assignedTo} is null`),
    index('disputes_lease_idx')
      .on(table.leaseExpiresAt)
      .where(sql`${table.resolvedAt} is null and ${table.assignedTo} is not null`),
    index('disputes_assigned_idx').on(table.assignedTo),
  ],
);

export const bankruptcyNotices = pgTable(
  'bankruptcy_notices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    assignedTo: integer().references(() => employees.id),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    // Where the notice came from: 'upload' for a PDF a staff member uploaded.
    noticeSource: text().notNull().default('upload'),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    // BankruptcyNotice::InitialFiling, ::Dismissal, ::Discharge, ::Conversion, ::PlanConfirmation, ::Other.
    type: text().notNull(),
    // The fields of spec 001 section 3 (case_number, court_district, b_type, debtors, dates), as
    // read from the PDF and then corrected by staff.
    parsedData: jsonb().notNull(),
    // False for a scanned PDF with no text layer: nothing could be read from it.
    hasText: boolean().notNull(),
    // The customer the debtor matched (by SSN and name) or whom staff chose; applied only on processing.
    customerId: bigint({ mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    // How the customer was found: 'ssn', 'ssn_last4_and_name', 'staff'.
    customerMatch: text(),
    processedAt: timestamp({ withTimezone: true }),
    processedBy: integer().references(() => employees.id),
    createdBy: integer().references(() => employees.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bankruptcy_notices_unprocessed_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.processedAt} is null`),
    index('bankruptcy_notices_free_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.processedAt} is null and ${table.assignedTo} is null`),
    index('bankruptcy_notices_lease_idx')
      .on(table.leaseExpiresAt)
      .where(sql`${table.processedAt} is null and ${table.assignedTo} is not null`),
    index('bankruptcy_notices_assigned_idx').on(table.assignedTo),
  ],
);

// A customer's bankruptcy case, as processed notices (and, later, the FCRA screen) record it; the
// Metro 2 consumer information indicator it implies goes to the credit bureaus.
export const customerBankruptcies = pgTable(
  'customer_bankruptcies',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    caseNumber: text().notNull(),
    chapter: smallint().notNull(),
    courtDistrict: text(),
    filedOn: date({ mode: 'string' }),
    dischargedOn: date({ mode: 'string' }),
    dismissedOn: date({ mode: 'string' }),
    convertedOn: date({ mode: 'string' }),
    planConfirmedOn: date({ mode: 'string' }),
    consumerInformationIndicator: text().notNull(),
    lastNoticeId: bigint({ mode: 'number' }).references(() => bankruptcyNotices.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('customer_bankruptcies_case_idx').on(table.customerId, table.caseNumber)],
);

// A loan the credit-reporting team must look at (a dispute resolved as identity theft or fraud).
export const creditReportingFlags = pgTable(
  'credit_reporting_flags',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    loanId: bigint({ mode: 'number' })
      .notNull()
      .references(() => loans.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    disputeId: bigint({ mode: 'number' }).references(() => disputes.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => employees.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('credit_reporting_flags_open_idx')
      .on(table.createdAt)
      .where(sql`${table.clearedAt} is null`),
    index('credit_reporting_flags_loan_idx').on(table.loanId),
  ],
);
