import {
  mentionHandlesOf,
  NOTE_TARGET_MISSING,
  type AddNoteResponse,
  type CallBody,
  type noteCalls,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { NotesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/http-error.ts';
import { customerExists } from '../customers/index.ts';
import { findActiveEmployeesByHandles } from '../session/index.ts';
import { findTicketCustomer } from '../tickets/index.ts';
import { planMentions } from './mention-plan.ts';
import { NOTE_MESSAGES } from './messages.ts';
import { toNote } from './note-wire.ts';
import * as repository from './repository.ts';

type AddNoteBody = CallBody<typeof noteCalls.addNote>;

// The ticket or customer the note is on (the contract lets exactly one through), and the customer
// it is about: the ticket's, when it has one.
async function findTarget(
  tx: Executor,
  input: AddNoteBody,
): Promise<{ ticketId: number | null; customerId: number | null }> {
  if (input.ticket_id != null) {
    const ticket = await findTicketCustomer(tx, input.ticket_id);
    if (!ticket) throw notFound(NOTE_MESSAGES.unknownTicket(input.ticket_id));
    return { ticketId: input.ticket_id, customerId: ticket.customerId };
  }
  if (input.user_id == null) throw badRequest(NOTE_TARGET_MISSING);
  if (!(await customerExists(tx, input.user_id, 'key share')))
    throw notFound(NOTE_MESSAGES.unknownCustomer(input.user_id));
  return { ticketId: null, customerId: input.user_id };
}

// POST ticket_notes {ticket_id | user_id, body}: an internal note on a ticket or a customer, with
// the employees its @handles name notified (their mentions inbox), and its audit event, in one
// transaction. Nothing leaves for the customer: no message, no outbox, no letter. The audit keeps
// what the note is on, its length and whom it notified, not its text: the note is the record, and
// the audit trail reaches places (an evidence pack's audit file) a staff note has no business in.
export async function addNote(context: NotesDeps, actor: Actor, input: AddNoteBody): Promise<AddNoteResponse> {
  const handles = mentionHandlesOf(input.body);
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const { ticketId, customerId } = await findTarget(tx, input);
    const staff = await findActiveEmployeesByHandles(tx, handles);
    const { notify, notNotified } = planMentions(handles, staff, actor.employeeId);

    const note = await repository.insertNote(tx, {
      ticketId,
      customerId,
      employeeId: actor.employeeId,
      body: input.body,
      createdAt: now,
    });
    await repository.insertMentions(
      tx,
      notify.map((mention) => ({
        noteId: note.id,
        employeeId: mention.employeeId,
        handle: mention.handle,
        createdAt: now,
      })),
    );
    await recordChange(tx, actor, 'note.added', ['note', note.id], {
      after: {
        ticket_id: ticketId,
        user_id: customerId,
        characters: input.body.length,
        mentioned_employee_ids: notify.map((mention) => mention.employeeId),
        not_notified: notNotified.map(({ handle, reason }) => ({ handle, reason })),
      },
    });

    const target = ticketId !== null ? `ticket #${ticketId}` : `customer ${customerId}`;
    const notified = notify.map((mention) => mention.name);
    return {
      message: [NOTE_MESSAGES.added(target), ...(notified.length > 0 ? [NOTE_MESSAGES.notified(notified)] : [])].join(
        ' ',
      ),
      note: toNote(
        {
          id: note.id,
          ticketId,
          customerId,
          employeeId: actor.employeeId,
          body: note.body,
          createdAt: note.createdAt,
          authorName: actor.name,
          mentions: notify,
          timeKey: '',
        },
        new Map(),
      ),
      not_notified: notNotified,
    };
  });
}
