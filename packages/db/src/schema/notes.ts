import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { tickets } from './tickets.ts';

// Internal notes (issue 40, decision 062): what staff write to each other about a ticket or a
// customer. Never sent, never shown to the customer. A note is written on a ticket or on a customer's
// page; a ticket note also keeps the ticket's customer when the ticket had one then, so a customer's
// notes are one index range (a ticket linked later is found through the tickets' own index).
export const notes = pgTable(
  'notes',
  {
    id: bigintIdentity(),
    ticketId: bigint({ mode: 'number' }).references(() => tickets.id, { onDelete: 'cascade' }),
    customerId: bigint({ mode: 'number' }).references(() => customers.id, { onDelete: 'cascade' }),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    body: text().notNull(),
    createdAt: timestampNow(),
  },
  (table) => [
    check('notes_target_check', sql`${table.ticketId} is not null or ${table.customerId} is not null`),
    // A ticket's notes, newest first.
    index('notes_ticket_idx')
      .on(table.ticketId, table.createdAt, table.id)
      .where(sql`${table.ticketId} is not null`),
    // A customer's notes, newest first (the user page, the timeline's pages).
    index('notes_customer_idx')
      .on(table.customerId, table.createdAt, table.id)
      .where(sql`${table.customerId} is not null`),
    // Notes written on a ticket nobody had linked to a customer yet: few, looked up by ticket when
    // the customer's notes are read.
    index('notes_unlinked_ticket_idx')
      .on(table.ticketId)
      .where(sql`${table.customerId} is null`),
  ],
);

// An employee a note @mentioned: their mentions inbox, read or not.
export const noteMentions = pgTable(
  'note_mentions',
  {
    id: bigintIdentity(),
    noteId: bigintOwnedBy(() => notes.id),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    // The handle as the note wrote it (lowercased): what the screen highlights.
    handle: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (table) => [
    uniqueIndex('note_mentions_note_employee_key').on(table.noteId, table.employeeId),
    // The inbox, newest first.
    index('note_mentions_inbox_idx').on(table.employeeId, table.id),
    // The navbar's unread count.
    index('note_mentions_unread_idx')
      .on(table.employeeId)
      .where(sql`${table.readAt} is null`),
  ],
);
