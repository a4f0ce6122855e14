import { bigint, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { messageCountColumns } from './columns.ts';

// Customer-service analytics (spec 001 sections 2, 5, 7): rollups kept current by the database as
// rows arrive, so a year's figures are read from a few thousand rows, not millions (decision 034).

// Messages per hour (UTC hour start), channel and direction. Kept by a statement-level trigger on
// messages (migration 0018): every insert, however it is made, is counted once.
export const messageHourlyCounts = pgTable(
  'message_hourly_counts',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    ...messageCountColumns(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.type, table.inbound] })],
);

// Conversations (tickets) per hour they started in, with the first responses they have had so far:
// how many, and their total time in all and in business hours (the averages are sum / count).
// Kept by triggers on tickets and messages (migration 0019).
export const ticketHourlyStats = pgTable('ticket_hourly_stats', {
  hour: timestamp({ withTimezone: true }).primaryKey(),
  tickets: integer().notNull().default(0),
  responded: integer().notNull().default(0),
  responseSeconds: bigint({ mode: 'number' }).notNull().default(0),
  businessResponseSeconds: bigint({ mode: 'number' }).notNull().default(0),
});

// Auto-responded conversations per hour the ticket started in (UTC), and how many of them the
// customer wrote in again after the auto-response. Kept by a trigger on messages (migration 0021).
export const autoResponseHourlyStats = pgTable('auto_response_hourly_stats', {
  hour: timestamp({ withTimezone: true }).primaryKey(),
  autoResponded: integer().notNull().default(0),
  followedUp: integer().notNull().default(0),
});

// The auto-responses' texts, cut to 100 characters ('…' added when cut), counted per hour their
// ticket started in (UTC). Kept by the same trigger (migration 0021).
export const autoResponseTextHourlyCounts = pgTable(
  'auto_response_text_hourly_counts',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    text: text().notNull(),
    responses: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.text] })],
);

// The business hours the adjusted first response time counts (one row, id 1), written from the
// configuration (BUSINESS_HOURS, BUSINESS_TIME_ZONE) when the server starts. Days are ISO weekdays
// (1 Monday .. 7 Sunday); opens and closes are minutes after local midnight.
export const businessHours = pgTable('business_hours', {
  id: smallint().primaryKey(),
  timeZone: text().notNull(),
  days: smallint().array().notNull(),
  opensMinute: smallint().notNull(),
  closesMinute: smallint().notNull(),
});
