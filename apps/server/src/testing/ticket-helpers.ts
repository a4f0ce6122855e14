import { asc, count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, macroTags, macros, messages, tickets, type Executor } from '@portal/db';
import { callAsStaff, type SignedInStaff } from './staff-helpers.ts';

// Everything a refused ticket or macro call must leave alone: row counts, and the ticket columns
// the calls change, so a test can compare before and after.
export async function snapshotTicketWrites(db: Executor) {
  const countOf = async (table: typeof messages | typeof auditEvents | typeof macros | typeof macroTags) => {
    const [row] = await db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };
  const ticketRows = await db
    .select({
      id: tickets.id,
      state: tickets.state,
      archivedAt: tickets.archivedAt,
      escalatedAt: tickets.escalatedAt,
      assignedTo: tickets.assignedTo,
      leaseExpiresAt: tickets.leaseExpiresAt,
      closedAt: tickets.closedAt,
      snoozedAt: tickets.snoozedAt,
      snoozedUntil: tickets.snoozedUntil,
      snoozeEndedAt: tickets.snoozeEndedAt,
    })
    .from(tickets)
    .orderBy(asc(tickets.id));
  return {
    messages: await countOf(messages),
    auditEvents: await countOf(auditEvents),
    macros: await countOf(macros),
    macroTags: await countOf(macroTags),
    tickets: JSON.stringify(ticketRows),
  };
}

export function getTickets(app: FastifyInstance, staff: SignedInStaff, num?: number) {
  return callAsStaff(app, staff, 'GET', 'tickets', num === undefined ? {} : { num: String(num) });
}

export function getTicket(app: FastifyInstance, staff: SignedInStaff, id: number | string, preview?: boolean) {
  const query: Record<string, string> = { id: String(id) };
  if (preview !== undefined) query.preview = String(preview);
  return callAsStaff(app, staff, 'GET', 'ticket', query);
}

// DELETE ticket as the Close button sends it: the id in the query.
export function closeTicket(app: FastifyInstance, staff: SignedInStaff, id: number | string) {
  return app.inject({
    method: 'DELETE',
    url: '/internal/api/ticket',
    headers: staff.headers,
    query: { id: String(id) },
  });
}

export function patchTicket(app: FastifyInstance, staff: SignedInStaff, path: string, payload: unknown) {
  return callAsStaff(app, staff, 'PATCH', path, payload as object);
}

export function postJson(app: FastifyInstance, staff: SignedInStaff, path: string, payload: unknown) {
  return callAsStaff(app, staff, 'POST', path, payload as object);
}
