import { bigint, boolean, integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The columns most tables declare alike, written once. Each call returns a fresh builder, named by
// its key under the snake_case casing, so the SQL is what the inline declarations produced.

// A primary key the database numbers.
export const bigintIdentity = () => bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
export const integerIdentity = () => integer().primaryKey().generatedByDefaultAsIdentity();

// When the row was written (created_at, updated_at, added_at): never null, set by the database.
export const timestampNow = () => timestamp({ withTimezone: true }).notNull().defaultNow();

// The row this one belongs to (a customer, a loan, a payment): required, and deleted with it.
export const bigintOwnedBy = (parent: () => AnyPgColumn) =>
  bigint({ mode: 'number' }).notNull().references(parent, { onDelete: 'cascade' });

// Messages counted by channel and direction: per hour (analytics.ts) and per business day
// (daily-rollups.ts), kept by the same triggers' logic.
export const messageCountColumns = () => ({
  type: text().notNull(),
  inbound: boolean().notNull(),
  messages: integer().notNull(),
});
