import type { Note } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { findCustomersOfTickets } from '../tickets/index.ts';
import type { NoteRow } from './repository.ts';

// Notes as the wire carries them. A note written on a ticket is about the ticket's customer: the one
// it had when the note was written, or the one it was linked to since (asked of the tickets module).

export type NoteAbout = ReadonlyMap<number, number | null>;

// The customers of the tickets of these notes written before their ticket was linked.
export function findTicketCustomersOf(db: Executor, rows: readonly NoteRow[]): Promise<NoteAbout> {
  return findCustomersOfTickets(
    db,
    rows.flatMap((row) => (row.customerId === null && row.ticketId !== null ? [row.ticketId] : [])),
  );
}

export function toNote(row: NoteRow, about: NoteAbout): Note {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    user_id: row.customerId ?? (row.ticketId === null ? null : (about.get(row.ticketId) ?? null)),
    body: row.body,
    author: { id: row.employeeId, name: row.authorName ?? `employee #${row.employeeId}` },
    created_at: row.createdAt.toISOString(),
    mentions: row.mentions.map((mention) => ({
      handle: mention.handle,
      employee_id: mention.employeeId,
      name: mention.name,
    })),
  };
}

// Where a note is read: its ticket in the workspace (the ?ticket= deep link), or its customer's page.
export function noteLink(note: Pick<Note, 'ticket_id' | 'user_id'>): string {
  if (note.ticket_id !== null) return `/?ticket=${note.ticket_id}`;
  return `/user?ID=${note.user_id ?? ''}`;
}
