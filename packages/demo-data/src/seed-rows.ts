import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auditEvents,
  bankAccounts,
  bounces,
  customerComments,
  customerEmails,
  customers,
  debitCards,
  loanComments,
  loans,
  messages,
  payments,
  statements,
  tickets,
} from '@portal/db';

// Every column spelled out: bulkInsert takes its column list from the first row, so a key left
// out of one row would silently be left out of all of them.
export type FullRow<T extends PgTable> = { [K in keyof T['$inferInsert']]-?: T['$inferInsert'][K] };

// The rows of one chunk of customers, in the order they are inserted (parents before children).
export type SeedRows = {
  customers: FullRow<typeof customers>[];
  customerEmails: FullRow<typeof customerEmails>[];
  bankAccounts: FullRow<typeof bankAccounts>[];
  debitCards: FullRow<typeof debitCards>[];
  customerComments: FullRow<typeof customerComments>[];
  loans: FullRow<typeof loans>[];
  loanComments: FullRow<typeof loanComments>[];
  payments: FullRow<typeof payments>[];
  bounces: FullRow<typeof bounces>[];
  statements: FullRow<typeof statements>[];
  tickets: FullRow<typeof tickets>[];
  messages: FullRow<typeof messages>[];
  // The audit the product would have written with them (auto-responses, payment changes).
  auditEvents: FullRow<typeof auditEvents>[];
};

export type SeedTableName = keyof SeedRows;

export const seedTables: { [K in SeedTableName]: PgTable } = {
  customers,
  customerEmails,
  bankAccounts,
  debitCards,
  customerComments,
  loans,
  loanComments,
  payments,
  bounces,
  statements,
  tickets,
  messages,
  auditEvents,
};

export const seedTableNames = Object.keys(seedTables) as SeedTableName[];

export function emptySeedRows(): SeedRows {
  return {
    customers: [],
    customerEmails: [],
    bankAccounts: [],
    debitCards: [],
    customerComments: [],
    loans: [],
    loanComments: [],
    payments: [],
    bounces: [],
    statements: [],
    tickets: [],
    messages: [],
    auditEvents: [],
  };
}

// The next id of each table. Ids are handed out in generation order, so the same seed gives the
// same ids however the customers are split into chunks.
export type IdCounters = Record<SeedTableName, number>;

export function startIdCounters(): IdCounters {
  const counters = {} as IdCounters;
  for (const name of seedTableNames) counters[name] = 1;
  return counters;
}

export function takeId(counters: IdCounters, table: SeedTableName): number {
  const id = counters[table];
  counters[table] = id + 1;
  return id;
}
