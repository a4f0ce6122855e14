import type { CallQuery, ListNotesResponse, noteCalls } from '@portal/contracts';
import type { NotesDeps } from './deps.ts';
import { notFound } from '../../platform/http-error.ts';
import { customerExists } from '../customers/index.ts';
import { findTicketCustomer } from '../tickets/index.ts';
import { NOTE_MESSAGES } from './messages.ts';
import { findTicketCustomersOf, toNote } from './note-wire.ts';
import * as repository from './repository.ts';

type ListNotesQuery = CallQuery<typeof noteCalls.listNotes>;

// GET ticket_notes {ticket_id | user_id, before, limit}: the ticket's notes, or the customer's (on
// their page and on their tickets, linked before or after the note), newest first, a page at a time.
// 404 for a ticket or customer that does not exist.
export async function listNotes(context: Pick<NotesDeps, 'db'>, query: ListNotesQuery): Promise<ListNotesResponse> {
  const { db } = context;
  let target: { ticketId: number } | { customerId: number };
  if (query.ticket_id != null) {
    if (!(await findTicketCustomer(db, query.ticket_id))) throw notFound(NOTE_MESSAGES.unknownTicket(query.ticket_id));
    target = { ticketId: query.ticket_id };
  } else {
    const customerId = query.user_id ?? 0;
    if (!(await customerExists(db, customerId))) throw notFound(NOTE_MESSAGES.unknownCustomer(customerId));
    target = { customerId };
  }
  // One more than the page, to know whether an older page follows.
  const rows = await repository.findNotesPage(db, target, query.before ?? null, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const about = await findTicketCustomersOf(db, page);
  return {
    notes: page.map((row) => toNote(row, about)),
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
