import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { employees } from './employees.ts';

// The live streams open now, in any API process (issue 40, decision 063): a tab's stream, whose
// process marks it seen while it is open and deletes it when it closes. A process that dies leaves
// its streams unseen; they stop counting after a while and are swept.
export const liveStreams = pgTable('live_streams', {
  id: text().primaryKey(),
  employeeId: integer()
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
  openedAt: timestampNow(),
  seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// Which records each stream has open: who else is there.
export const livePresence = pgTable(
  'live_presence',
  {
    streamId: text()
      .notNull()
      .references(() => liveStreams.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.streamId, table.topic] }), index('live_presence_topic_idx').on(table.topic)],
);
