import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { leaseColumns, workQueueIndexes } from './work-queue-columns.ts';
import { loans } from './loans.ts';

// The credit-bureau side (spec 001): files made for the bureaus, ACDV requests received from
// their dispute system, and special credit report adjustments. What is reported of a loan is never
// stored: it is computed from the loan's data (and the adjustments here) whenever it is needed.

// A file made for the bureaus: an ACDV response file or a Metro 2 correction file, kept in the
// file storage under storageKey.
export const creditReportingFiles = pgTable('credit_reporting_files', {
  id: bigintIdentity(),
  // 'acdv_response' | 'metro2_correction'
  kind: text().notNull(),
  fileName: text().notNull(),
  storageKey: text().notNull(),
  recordCount: integer().notNull(),
  createdBy: integer().references(() => employees.id),
  createdAt: timestampNow(),
});

// An Automated Consumer Dispute Verification request (docs/acdv-import.md). The bureau's consumer
// and account data are kept as they came (consumer, account), except the SSN: only its keyed hash
// (to compare with the customer's, decision 023) and last four digits are kept.
export const acdvRequests = pgTable(
  'acdv_requests',
  {
    id: bigintIdentity(),
    controlNumber: text().notNull().unique(),
    disputeCode: text().notNull(),
    receivedOn: date({ mode: 'string' }).notNull(),
    // The bureau's own Response Due Date (e-OSCAR), when the file carried it: its deadline runs
    // from the consumer's dispute, so it may be earlier than ours (FCRA 611(a)(1), 623(b)(2)).
    bureauResponseDueOn: date({ mode: 'string' }),
    // The earliest of the bureau's date and receivedOn + 30 days (+ 45 once the consumer added
    // information; the deadline engine): overdue ones are handed out first.
    responseDueOn: date({ mode: 'string' }).notNull(),
    // When the consumer sent more information during the investigation (FCRA 611(a)(1)(B)).
    consumerInfoAddedOn: date({ mode: 'string' }),
    consumer: jsonb().notNull(),
    account: jsonb().notNull(),
    ssnHash: text(),
    ssnLast4: text(),
    // The loan the account number names and its customer, when they exist.
    loanId: bigint({ mode: 'number' }).references(() => loans.id, { onDelete: 'set null' }),
    customerId: bigint({ mode: 'number' }).references(() => customers.id, { onDelete: 'set null' }),
    imageStorageKey: text(),
    imageContentType: text(),
    sourceFile: text(),
    importedBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
    ...leaseColumns(),
    responseCode: text(),
    // { field: 'SAME' | 'DIFF' | 'UNKN' } as the employee answered.
    responseVerification: jsonb(),
    // The Metro 2 account as the Portal reported it when answering (what goes in the response file).
    respondedAccount: jsonb(),
    respondedAt: timestamp({ withTimezone: true }),
    respondedBy: integer().references(() => employees.id),
    // Answered with the consumer still disagreeing: the loan reports compliance condition XC.
    consumerDisagrees: boolean().notNull().default(false),
    processedAt: timestamp({ withTimezone: true }),
    responseFileId: bigint({ mode: 'number' }).references(() => creditReportingFiles.id),
  },
  (table) => [
    // Get-next: unanswered, by due date.
    ...workQueueIndexes('acdv_requests', table, sql`${table.respondedAt} is null`, [table.responseDueOn, table.id]),
    // The count left, the deadlines' pages (by due date and id), and the answered ones waiting for
    // the response file.
    index('acdv_requests_unanswered_idx')
      .on(table.responseDueOn, table.id)
      .where(sql`${table.respondedAt} is null`),
    index('acdv_requests_unprocessed_idx')
      .on(table.respondedAt)
      .where(sql`${table.respondedAt} is not null and ${table.processedAt} is null`),
    index('acdv_requests_loan_idx').on(table.loanId),
  ],
);

// A special credit report adjustment (spec 001 /cr_adj): delete, resend or do_not_report.
// Delete and resend wait for the next Metro 2 correction file (genAdjFile, processedAt null);
// do_not_report sends nothing and is processed at once. The latest adjustment of a loan decides
// what is reported of it from its date on.
export const creditReportAdjustments = pgTable(
  'credit_report_adjustments',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    loanId: bigintOwnedBy(() => loans.id),
    // 'delete' | 'resend' | 'do_not_report'
    adjType: text().notNull(),
    reason: text(),
    genAdjFile: boolean().notNull(),
    // 'staff' (the /cr_adj form) or 'acdv' (an ACDV answered 03 or 07).
    source: text().notNull().default('staff'),
    // Delete due to confirmed fraud (ACDV 07): reported as DF, not DA.
    fraud: boolean().notNull().default(false),
    acdvRequestId: bigint({ mode: 'number' }).references(() => acdvRequests.id, { onDelete: 'set null' }),
    // A direct dispute resolved in the consumer's favour: the correction it made ('dispute' source).
    disputeId: bigint({ mode: 'number' }),
    // The business date it takes effect: what is reported from this date on.
    effectiveOn: date({ mode: 'string' }).notNull(),
    createdBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
    processedAt: timestamp({ withTimezone: true }),
    correctionFileId: bigint({ mode: 'number' }).references(() => creditReportingFiles.id),
  },
  (table) => [
    index('credit_report_adjustments_loan_idx').on(table.loanId, table.createdAt),
    // The next correction file's records, oldest first.
    index('credit_report_adjustments_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.genAdjFile} and ${table.processedAt} is null`),
  ],
);
