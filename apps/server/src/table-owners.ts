import type { PgTable } from 'drizzle-orm/pg-core';
import type * as schema from '@portal/db';

// One owner for each table (convention 8). The owner is the one module that writes the table; every
// other module asks the owner's index.ts: its predicates (activeLoanWhere, openTicketOf), queries
// (findCustomersByIds) and commands (updateLoan, openConversationTicket), which take the caller's
// transaction. `platform` owns the tables of what platform/ does for every module: the audit trail
// (audit.ts) and the message store with its outbox (message-store.ts, outbound.ts, outbox.ts).
// table-owners.test.ts reads this file and the code, and fails on a table with no owner, a write
// outside the owner, and a read outside the owner that tableReaders does not list.

export const serverModules = [
  'analytics',
  'approvals',
  'bankruptcies',
  'bankruptcy-notices',
  'blog',
  'contact-rules',
  'credit-reporting',
  'customer-app',
  'customer-documents',
  'customer-uploads',
  'customers',
  'deadlines',
  'disputes',
  'duty-audit',
  'documents',
  'evidence-pack',
  'graphql',
  'health',
  'identifications',
  'inbound',
  'income',
  'letters',
  'live',
  'list-exports',
  'loans',
  'macro-values',
  'macros',
  'notes',
  'session',
  'staff',
  'surveys',
  'tickets',
  'transaction-emails',
  'user-page',
] as const;

export type ServerModule = (typeof serverModules)[number];
export type TableOwner = ServerModule | 'platform';

// The export names of @portal/db that are tables.
export type TableName = {
  [Name in keyof typeof schema]: (typeof schema)[Name] extends PgTable ? Name : never;
}[keyof typeof schema];

export const tableOwners: Record<TableName, TableOwner> = {
  // The employee accounts are the session module's (it signs them in, with their roles and MFA);
  // staff administration changes them through its index.ts and keeps its invitation links.
  employees: 'session',
  roles: 'session',
  employeeRoles: 'session',
  sessions: 'session',
  signInAttempts: 'session',
  passwordTokens: 'staff',
  passwordLinkFailures: 'staff',

  customers: 'customers',
  customerEmails: 'customers',
  bankAccounts: 'customers',
  debitCards: 'customers',
  customerComments: 'customers',

  loans: 'loans',
  loanComments: 'loans',
  payments: 'loans',
  bounces: 'loans',
  achFiles: 'loans',
  achEntries: 'loans',
  achRefusals: 'loans',
  achReturnFiles: 'loans',
  statements: 'loans',
  // The failed-debit stop (12 CFR 1041.8) and the authorizations that lift it.
  debitAuthorizations: 'loans',
  debitStops: 'loans',

  // Four eyes (decision 069): the actions waiting for a second employee.
  approvals: 'approvals',

  tickets: 'tickets',
  // The reply-time targets and the clocks that ended (decision 066): the clock itself is the
  // database's (migration 0039); the share met per employee is read through the tickets module.
  slaTargets: 'tickets',
  slaOutcomes: 'tickets',
  // Every message in and out: queued by outbound.ts, delivered by outbox.ts, received and threaded
  // through message-store.ts; a ticket's thread is its messages.
  messages: 'platform',
  messageAttachments: 'platform',
  auditEvents: 'platform',
  liveStreams: 'live',
  livePresence: 'live',

  macros: 'macros',
  macroVersions: 'macros',
  macroTags: 'macros',

  documents: 'documents',

  disputes: 'disputes',
  // Raised by a dispute resolved as identity theft or fraud, for the credit-reporting team.
  creditReportingFlags: 'disputes',
  bankruptcyNotices: 'bankruptcy-notices',
  // A customer's cases, the record the stay is read from; recorded by the notices' workflow and the
  // FCRA lookup.
  customerBankruptcies: 'bankruptcies',
  creditReportingFiles: 'credit-reporting',
  acdvRequests: 'credit-reporting',
  creditReportAdjustments: 'credit-reporting',
  identityReviews: 'identifications',
  incomeReviews: 'income',

  blogPosts: 'blog',
  blogTags: 'blog',
  blogPostTags: 'blog',
  blogImages: 'blog',
  surveys: 'surveys',
  surveyQuestions: 'surveys',
  surveyAnswers: 'surveys',

  customerAppTokenUses: 'customer-app',

  // Internal notes and the employees they @mentioned (issue 40).
  notes: 'notes',
  noteMentions: 'notes',

  // Written by the database's triggers as ACDVs, disputes and notices change (migration 0032).
  deadlineCounts: 'deadlines',

  // The rollups are written by the database's triggers (migrations 0018-0023) and rebuilt by the
  // analytics module, which also keeps the business hours they are counted in.
  businessHours: 'analytics',
  messageHourlyCounts: 'analytics',
  ticketHourlyStats: 'analytics',
  autoResponseHourlyStats: 'analytics',
  autoResponseTextHourlyCounts: 'analytics',
  messageDailyCounts: 'analytics',
  employeeTicketWork: 'analytics',
  employeeDailyStats: 'analytics',
  employeeDailyHandling: 'analytics',
  employeeMonthlyHandling: 'analytics',
  paymentUpdateDailyCounts: 'analytics',
};

// Reads of a table outside its owner. The read side (CQRS): screens and APIs that answer from many
// domains at once read their tables in one statement; they never write them. Everyone else asks the
// owner's index.ts. `reader` is a module, or one file of one (`module/file.ts`, `platform/file.ts`).
export type TableReader = { reader: string; tables: readonly TableName[]; reason: string };

export const tableReaders: readonly TableReader[] = [
  {
    reader: 'graphql',
    tables: ['customers', 'bankAccounts', 'loans', 'payments', 'tickets', 'messages', 'employees'],
    reason: 'The read-only GraphQL schema (decision 033): batched reads of only the asked columns, per level.',
  },
  {
    reader: 'user-page',
    tables: ['customers', 'customerEmails', 'loans', 'payments', 'bounces', 'messages', 'surveys', 'surveyAnswers'],
    reason: 'users/search across customers and their addresses, and the user card in one statement (decision 013).',
  },
  {
    reader: 'analytics',
    tables: ['employees'],
    reason: "The customer-service analytics name each employee beside their rollups; the rollups are analytics' own.",
  },
  {
    reader: 'analytics/business-hours-sync.ts',
    tables: ['tickets'],
    reason:
      "New business hours rebuild the hourly response-time sums from every answered ticket's recounted seconds, in one statement.",
  },
  {
    reader: 'tickets/detail-repository.ts',
    tables: ['customers', 'messages'],
    reason: 'GET ticket in one prepared statement (decision 013): the ticket with its customer and its thread.',
  },
  {
    reader: 'tickets/repository.ts',
    tables: ['employees'],
    reason: "The queue poll is one prepared statement rooted at the employee's row: online, and the tickets held.",
  },
  {
    reader: 'live/repository.ts',
    tables: ['employees'],
    reason:
      'Who has a record open, named in the one statement that finds them (read on every open, close and page change).',
  },
  {
    reader: 'staff/repository.ts',
    tables: ['employees', 'roles', 'employeeRoles', 'sessions'],
    reason: 'The staff screen lists the accounts it administers with roles and sign-ins; changes go through session.',
  },
  {
    reader: 'disputes/user-search-repository.ts',
    tables: ['customers'],
    reason: "The dispute user search (decision 029) filters customers by a letter's fields, each served by an index.",
  },
  {
    reader: 'platform/work-queue.ts',
    tables: ['employees'],
    reason:
      'A lease locks the employee row FOR SHARE, as going offline does, and names who holds an item (decision 018).',
  },
  {
    reader: 'evidence-pack/evidence-reads.ts',
    tables: ['bankAccounts', 'debitCards', 'disputes', 'acdvRequests', 'bankruptcyNotices'],
    reason:
      "A customer's evidence pack (decision 050) in one snapshot: rows no owner lists per customer (every bank account and card, disputes and ACDVs of the customer or their loans, court notices).",
  },
  {
    reader: 'evidence-pack/history-queries.ts',
    tables: ['messages', 'messageAttachments', 'tickets', 'acdvRequests', 'bankruptcyNotices'],
    reason:
      "A customer's evidence pack (decision 050): its long lists read in pages through cursors, selected by subqueries rather than lists of ids: every message with its attachments, the messages of conversations not yet linked that came from the customer's phone or emails, and the ids of their ACDVs and court notices whose audit events the trail holds (their disputes' ids are the disputes module's).",
  },
  {
    reader: 'evidence-pack/underwriting-reads.ts',
    tables: ['identityReviews', 'incomeReviews'],
    reason:
      "A customer's evidence pack (decision 050): their identity and income reviews with the decisions, which neither owner lists per customer.",
  },
  {
    reader: 'duty-audit/repository.ts',
    tables: ['messages', 'customers', 'auditEvents', 'loans', 'payments', 'debitStops', 'debitAuthorizations'],
    reason:
      "The duty audit (decision 059) replays a range of deliveries and debits from the records alone, streamed in pages by their time indexes, with the facts of each page's customers read in batches (their flags' audited changes among them); their payments with returns and ACH entries come from loans' own read.",
  },
  {
    reader: 'platform/outbox.ts',
    tables: ['documents'],
    reason: "Delivering an email reads its attached documents' names, types and storage keys.",
  },
];
