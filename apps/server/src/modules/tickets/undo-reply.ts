import type { UndoSendResponse } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { lockMessage, markUndone, markUnansweredAgain } from '../../platform/message-store.ts';
import { leaseUntil } from '../../platform/work-queue.ts';
import { lockTicket, updateTicket } from './repository.ts';
import { ticketSnapshot } from './state-service.ts';

// Undo send (issue 40, decision 065): a reply waits UNDO_SEND_SECONDS in the outbox before it may
// leave; until then its agent may take it back. Under the message's lock (the outbox claims it under
// the same lock, FOR UPDATE SKIP LOCKED), only while it is still queued and never tried: then the
// message is kept as undelivered ("Undone by ..."), the customer's messages it answered are
// unanswered again, and the ticket is open and the agent's again, as before they sent it.
export async function undoReply(context: TicketsDeps, caller: Actor, messageId: number): Promise<UndoSendResponse> {
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    const message = await lockMessage(tx, messageId);
    if (!message || message.inbound || message.ticketId === null) throw notFound(UNDO_ERRORS.notFound(messageId));
    if (message.employeeId !== caller.employeeId) throw forbidden(UNDO_ERRORS.notYours);
    const windowEnd = message.createdAt.getTime() + context.undoSendSeconds * 1000;
    if (message.status !== 'queued' || message.attempts > 0) throw conflict(UNDO_ERRORS.gone(message.status));
    if (now.getTime() >= windowEnd) throw conflict(UNDO_ERRORS.tooLate(context.undoSendSeconds));

    const ticket = await lockTicket(tx, message.ticketId);
    if (!ticket) throw notFound(UNDO_ERRORS.notFound(messageId));
    // Open first: the database puts back the reply-time clock the reply ended (migration 0039) only
    // on an open ticket.
    const reopened = await updateTicket(tx, ticket.id, {
      state: 'open',
      closedAt: null,
      closedBy: null,
      assignedTo: caller.employeeId,
      leaseExpiresAt: leaseUntil(now, context.ticketLeaseMinutes),
    });
    await markUndone(tx, message.id, UNDO_ERRORS.undoneBy(caller.name));
    const unanswered = await markUnansweredAgain(tx, message.id);
    await recordChange(tx, caller, 'ticket.reply_undone', ['ticket', ticket.id], {
      before: ticketSnapshot(ticket),
      after: { ...ticketSnapshot(reopened), messageId: message.id, unansweredMessages: unanswered },
    });
    return { ticket_id: ticket.id, message_id: message.id, reply: message.body };
  });
}

export const UNDO_ERRORS = {
  notFound: (id: number) => `There is no reply ${id} to undo.`,
  notYours: 'Only the agent who sent a reply can undo it.',
  gone: (status: string) =>
    status === 'sent'
      ? 'Too late to undo: the reply has been sent.'
      : status === 'undelivered'
        ? 'This reply was already undone or could not be delivered; there is nothing to undo.'
        : 'Too late to undo: the reply is being sent.',
  tooLate: (seconds: number) =>
    seconds === 0
      ? 'Undo send is off here: replies leave at once.'
      : `Too late to undo: a reply can be undone for ${seconds} seconds after Send.`,
  undoneBy: (name: string) => `Undone by ${name} before it was sent.`,
} as const;
