import { SNOOZE_MAX_DAYS, DAY_MS, type SnoozeTicketRequest, type SnoozeTicketResponse } from '@portal/contracts';
import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { tickets, type Executor } from '@portal/db';
import type { TicketsDeps } from './deps.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/http-error.ts';
import type { Actor } from '../../platform/actor.ts';
import { TICKET_ERRORS } from './messages.ts';
import { updateTicket, type TicketRecord } from './repository.ts';
import { lockWorkableTicket, ticketSnapshot, toStateAnswer } from './state-service.ts';
import { toTicketSnooze } from './wire.ts';
import { employeeNameOf } from '../session/index.ts';

// Snooze (issue 40, decision 064): the ticket leaves the queue (snoozed_at is not null is outside
// tickets_queue_idx) and its lease is handed back, like archive. It returns when its time is due
// (the sweep below, run on every GET tickets) or, with no time, when the customer replies
// (endSnoozeOnCustomerReply, in the inbound transaction), or by hand (unsnooze).

const released = { assignedTo: null, leaseExpiresAt: null };

// How often a process looks for snoozes due back, on its GET tickets polls: a due ticket returns
// within this long (and the next poll after it), and a poll costs no write most of the time.
export const SNOOZE_SWEEP_INTERVAL_MS = 30_000;

function planSnooze(ticket: TicketRecord, until: SnoozeTicketRequest['until'], employeeId: number, now: Date) {
  if (ticket.state === 'closed') throw conflict(TICKET_ERRORS.closedCannot(ticket.id, 'snoozed'));
  if (ticket.snoozedAt) throw conflict(TICKET_ERRORS.alreadySnoozed(ticket.id));
  const base = { snoozedAt: now, snoozedBy: employeeId, snoozeEndedAt: null, snoozeEndReason: null, ...released };
  if (until === 'customer_replies') return { ...base, snoozedUntil: null };
  return { ...base, snoozedUntil: new Date(until) };
}

// The time is checked before the transaction, so a refusal writes nothing and locks nothing.
function checkUntil(until: SnoozeTicketRequest['until'], now: Date): void {
  if (until === 'customer_replies') return;
  const at = new Date(until).getTime();
  if (at <= now.getTime()) throw badRequest(TICKET_ERRORS.snoozePast);
  if (at > now.getTime() + SNOOZE_MAX_DAYS * DAY_MS) throw badRequest(TICKET_ERRORS.snoozeTooFar(SNOOZE_MAX_DAYS));
}

async function snoozeAnswer(tx: Executor, ticket: TicketRecord): Promise<SnoozeTicketResponse> {
  const [row] = await tx
    .select({ name: employeeNameOf(tickets.snoozedBy) })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  return { ...toStateAnswer(ticket), snooze: toTicketSnooze({ ...ticket, snoozedByName: row?.name ?? null }) };
}

export function createSnoozeService(context: TicketsDeps, onChange: () => void) {
  async function changeSnooze(
    caller: Actor,
    ticketId: number,
    until: SnoozeTicketRequest['until'] | null,
  ): Promise<SnoozeTicketResponse> {
    const now = context.clock.now();
    if (until !== null) checkUntil(until, now);
    const answer = await context.db.transaction(async (tx) => {
      const ticket = await lockWorkableTicket(tx, ticketId, caller, now);
      let values: Partial<TicketRecord>;
      if (until === null) {
        if (ticket.state === 'closed') throw conflict(TICKET_ERRORS.closedCannot(ticketId, 'unsnoozed'));
        if (!ticket.snoozedAt) throw conflict(TICKET_ERRORS.notSnoozed(ticketId));
        values = { snoozedAt: null, snoozeEndedAt: now, snoozeEndReason: 'unsnoozed' };
      } else {
        values = planSnooze(ticket, until, caller.employeeId, now);
      }
      const after = await updateTicket(tx, ticketId, values);
      await recordAuditEvent(tx, {
        employeeId: caller.employeeId,
        action: until === null ? 'ticket.unsnoozed' : 'ticket.snoozed',
        entityType: 'ticket',
        entityId: ticketId,
        before: ticketSnapshot(ticket),
        after: ticketSnapshot(after),
        ipAddress: caller.ipAddress,
      });
      return snoozeAnswer(tx, after);
    });
    onChange();
    return answer;
  }

  // Brings back every snooze whose time has come, at most once per SNOOZE_SWEEP_INTERVAL_MS in this
  // process: one probe of tickets_snoozed_idx when none is due. A real UPDATE, so the live triggers
  // (migration 0033) tell every tab the queue changed. Answers whether any returned; the cached
  // counts are dropped then, so they agree with the queue.
  let lastSweepAt = Number.NEGATIVE_INFINITY;
  async function returnDueSnoozes(): Promise<boolean> {
    const now = context.clock.now();
    if (now.getTime() - lastSweepAt < SNOOZE_SWEEP_INTERVAL_MS) return false;
    lastSweepAt = now.getTime();
    const returned = await context.db.transaction(async (tx) => {
      const rows = await tx
        .update(tickets)
        .set({ snoozedAt: null, snoozeEndedAt: now, snoozeEndReason: 'time' })
        .where(and(isNotNull(tickets.snoozedAt), lte(tickets.snoozedUntil, now)))
        .returning({ id: tickets.id, snoozedUntil: sql<string>`${tickets.snoozedUntil}` });
      for (const row of rows) {
        await recordAuditEvent(tx, {
          employeeId: null,
          action: 'ticket.snooze_ended',
          entityType: 'ticket',
          entityId: row.id,
          before: { snoozedUntil: new Date(row.snoozedUntil).toISOString() },
          after: { snoozedAt: null, snoozeEndedAt: now.toISOString(), reason: 'time' },
          ipAddress: null,
        });
      }
      return rows.length;
    });
    if (returned > 0) onChange();
    return returned > 0;
  }

  return {
    snoozeTicket: (caller: Actor, request: SnoozeTicketRequest) => changeSnooze(caller, request.id, request.until),
    unsnoozeTicket: (caller: Actor, ticketId: number) => changeSnooze(caller, ticketId, null),
    returnDueSnoozes,
  };
}
