import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Customer-service analytics (spec 001 sections 2, 5, 7): rollups kept current by the database as
// rows arrive, so a year's figures are read from a few thousand rows, not millions (decision 034).

// Messages per hour (UTC hour start), channel and direction. Kept by a statement-level trigger on
// messages (migration 0018): every insert, however it is made, is counted once.
export const messageHourlyCounts = pgTable(
  'message_hourly_counts',
  {
    hour: timestamp({ withTimezone: true }).notNull(),
    type: text().notNull(),
    inbound: boolean().notNull(),
    messages: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.type, table.inbound] })],
);
