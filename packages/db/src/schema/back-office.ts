import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  primaryKey,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { leaseColumns, workQueueIndexes } from './work-queue-columns.ts';
import { loans } from './loans.ts';

// Document-driven work of the back office (spec 001): consumer disputes and bankruptcy notices.
// Each is one uploaded PDF in the file storage, handed out as a work queue item (lease columns
// assignedTo/leaseExpiresAt, platform/work-queue.ts). Their wire status is derived: resolved or
// processed once done, assigned while someone holds a live lease, otherwise waiting.

export const disputes = pgTable(
  'disputes',
  {
    id: bigintIdentity(),
    ...leaseColumns(),
    // When the letter was uploaded.
    receivedAt: timestampNow(),
    // The day the letter reached us (12 CFR 1022.43(e)(3)): staff give it, the upload's business
    // date otherwise. The 30 days run from it.
    letterReceivedOn: date({ mode: 'string' }).notNull(),
    // The FCRA investigation period: 30 days after the letter's receipt, in the business time zone.
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
    updatedAt: timestampNow(),
  },
  (table) => [
    // The unresolved list: by due date, oldest first.
    index('disputes_unresolved_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.resolvedAt} is null`),
    ...workQueueIndexes('disputes', table, sql`${table.resolvedAt} is null`, [table.dueDate, table.id]),
    index('disputes_assigned_idx').on(table.assignedTo),
    // A customer's disputes, by them or by one of their loans (the user page's timeline, the
    // evidence pack).
    index('disputes_customer_idx').on(table.customerId),
    index('disputes_loan_idx').on(table.loanId),
    // Frivolous determinations whose notice is still owed (resolved or not), by its due date (the
    // dispute's due date while it is owed): the deadlines' list and counts.
    index('disputes_frivolous_notice_due_idx')
      .on(table.dueDate, table.id)
      .where(sql`${table.frivolousAt} is not null and ${table.frivolousNoticeSentAt} is null`),
  ],
);

export const bankruptcyNotices = pgTable(
  'bankruptcy_notices',
  {
    id: bigintIdentity(),
    ...leaseColumns(),
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
    // Our processing target, 2 business days after the day it came (the deadline engine), stored
    // like a dispute's due date so the deadlines are listed and counted from an index.
    dueOn: date({ mode: 'string' }).notNull(),
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (table) => [
    index('bankruptcy_notices_due_idx')
      .on(table.dueOn, table.id)
      .where(sql`${table.processedAt} is null`),
    index('bankruptcy_notices_unprocessed_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.processedAt} is null`),
    ...workQueueIndexes('bankruptcy_notices', table, sql`${table.processedAt} is null`, [table.createdAt, table.id]),
    index('bankruptcy_notices_assigned_idx').on(table.assignedTo),
  ],
);

// A customer's bankruptcy case, as processed notices (and, later, the FCRA screen) record it; the
// Metro 2 consumer information indicator it implies goes to the credit bureaus.
export const customerBankruptcies = pgTable(
  'customer_bankruptcies',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
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
    createdAt: timestampNow(),
    updatedAt: timestampNow(),
  },
  (table) => [uniqueIndex('customer_bankruptcies_case_idx').on(table.customerId, table.caseNumber)],
);

// A loan the credit-reporting team must look at (a dispute resolved as identity theft or fraud).
export const creditReportingFlags = pgTable(
  'credit_reporting_flags',
  {
    id: bigintIdentity(),
    loanId: bigintOwnedBy(() => loans.id),
    reason: text().notNull(),
    disputeId: bigint({ mode: 'number' }).references(() => disputes.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
    clearedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('credit_reporting_flags_open_idx')
      .on(table.createdAt)
      .where(sql`${table.clearedAt} is null`),
    index('credit_reporting_flags_loan_idx').on(table.loanId),
  ],
);

// The open items of the queues with a deadline (GET deadlines, decision 047), counted per queue and
// due date by the database's triggers as ACDVs, disputes and bankruptcy notices change (migration
// 0032), so the counts are read from a few hundred rows, not counted over every open item.
export const deadlineCounts = pgTable(
  'deadline_counts',
  {
    queue: text().notNull(),
    dueOn: date({ mode: 'string' }).notNull(),
    open: integer().notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.queue, table.dueOn] })],
);
