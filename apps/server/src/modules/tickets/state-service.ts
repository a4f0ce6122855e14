import type { Executor } from '@portal/db';
import type { TicketsDeps } from './deps.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import type { Actor } from '../../platform/actor.ts';
import { TICKET_ERRORS } from './messages.ts';
import { lockTicket, updateTicket, type TicketRecord } from './repository.ts';
import { ticketQueue } from './ticket-queue.ts';

export type TicketStateChange = 'close' | 'archive' | 'unarchive' | 'escalate' | 'deescalate';

export type TicketStateAnswer = {
  id: number;
  state: 'open' | 'closed';
  archived: string | null;
  escalated: string | null;
};

const AUDIT_ACTIONS: Record<TicketStateChange, string> = {
  close: 'ticket.closed',
  archive: 'ticket.archived',
  unarchive: 'ticket.unarchived',
  escalate: 'ticket.escalated',
  deescalate: 'ticket.deescalated',
};

const released = { assignedTo: null, leaseExpiresAt: null };

export function closeValues(employeeId: number, now: Date): Partial<TicketRecord> {
  // A closed ticket is no longer snoozed: nothing is due back (decision 064).
  return { state: 'closed', closedAt: now, closedBy: employeeId, snoozedAt: null, ...released };
}

// What a change writes, or the sentence that says why it cannot happen. Leaving the queue
// (close, archive, escalate) hands the lease back.
function planChange(
  change: TicketStateChange,
  ticket: TicketRecord,
  employeeId: number,
  now: Date,
): Partial<TicketRecord> {
  const { id } = ticket;
  if (ticket.state === 'closed') {
    if (change === 'close') throw conflict(TICKET_ERRORS.alreadyClosed(id));
    const verbs: Record<Exclude<TicketStateChange, 'close'>, string> = {
      archive: 'archived',
      unarchive: 'unarchived',
      escalate: 'escalated',
      deescalate: 'de-escalated',
    };
    throw conflict(TICKET_ERRORS.closedCannot(id, verbs[change]));
  }
  switch (change) {
    case 'close':
      return closeValues(employeeId, now);
    case 'archive':
      if (ticket.archivedAt) throw conflict(TICKET_ERRORS.alreadyArchived(id));
      return { archivedAt: now, ...released };
    case 'unarchive':
      if (!ticket.archivedAt) throw conflict(TICKET_ERRORS.notArchived(id));
      return { archivedAt: null };
    case 'escalate':
      if (ticket.escalatedAt) throw conflict(TICKET_ERRORS.alreadyEscalated(id));
      return { escalatedAt: now, escalatedBy: employeeId, ...released };
    case 'deescalate':
      // escalatedBy stays, so the ticket still says who escalated it last.
      if (!ticket.escalatedAt) throw conflict(TICKET_ERRORS.notEscalated(id));
      return { escalatedAt: null };
  }
}

// The audit record's view of a ticket: the fields these changes touch.
export function ticketSnapshot(ticket: TicketRecord) {
  return {
    state: ticket.state,
    archivedAt: ticket.archivedAt?.toISOString() ?? null,
    escalatedAt: ticket.escalatedAt?.toISOString() ?? null,
    escalatedBy: ticket.escalatedBy,
    assignedTo: ticket.assignedTo,
    leaseExpiresAt: ticket.leaseExpiresAt?.toISOString() ?? null,
    closedAt: ticket.closedAt?.toISOString() ?? null,
    closedBy: ticket.closedBy,
    snoozedAt: ticket.snoozedAt?.toISOString() ?? null,
    snoozedUntil: ticket.snoozedUntil?.toISOString() ?? null,
    snoozedBy: ticket.snoozedBy,
    snoozeEndedAt: ticket.snoozeEndedAt?.toISOString() ?? null,
    snoozeEndReason: ticket.snoozeEndReason,
  };
}

export function toStateAnswer(ticket: TicketRecord): TicketStateAnswer {
  return {
    id: ticket.id,
    state: ticket.state,
    archived: ticket.archivedAt?.toISOString() ?? null,
    escalated: ticket.escalatedAt?.toISOString() ?? null,
  };
}

// Locks the ticket for the rest of the transaction and checks the caller may change it.
export async function lockWorkableTicket(
  tx: Executor,
  ticketId: number,
  caller: Actor,
  now: Date,
): Promise<TicketRecord> {
  const ticket = await lockTicket(tx, ticketId);
  if (!ticket) throw notFound(TICKET_ERRORS.notFound(ticketId));
  await ticketQueue.assertNotHeldByOther(tx, ticket, caller.employeeId, now);
  return ticket;
}

export function createTicketStateService(context: TicketsDeps, onChange: () => void) {
  async function changeTicketState(
    caller: Actor,
    ticketId: number,
    change: TicketStateChange,
  ): Promise<TicketStateAnswer> {
    const now = context.clock.now();
    const updated = await context.db.transaction(async (tx) => {
      const ticket = await lockWorkableTicket(tx, ticketId, caller, now);
      const after = await updateTicket(tx, ticketId, planChange(change, ticket, caller.employeeId, now));
      await recordAuditEvent(tx, {
        employeeId: caller.employeeId,
        action: AUDIT_ACTIONS[change],
        entityType: 'ticket',
        entityId: ticketId,
        before: ticketSnapshot(ticket),
        after: ticketSnapshot(after),
        ipAddress: caller.ipAddress,
      });
      return after;
    });
    onChange();
    return toStateAnswer(updated);
  }

  return { changeTicketState };
}
