import { and, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { employees, tickets, type Database, type Executor } from '@portal/db';
import { assignTicketMessagesToCustomer, inboundPreviewOf } from '../../platform/message-store.ts';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import { returnedRow } from '../../platform/returned-row.ts';
import { customerNamesOf } from '../customers/index.ts';
import { employeeNameOf } from '../session/index.ts';
import { ticketQueue } from './ticket-queue.ts';
import type { SummaryRow } from './wire.ts';

export type TicketRecord = typeof tickets.$inferSelect;

export const PREVIEW_LENGTH = 140;

const inQueue = ticketQueue.inQueue;

// The reply-time clock (decision 066) and its target in business seconds.
export const slaColumns = {
  slaTarget: tickets.slaTarget,
  slaStartedAt: tickets.slaStartedAt,
  slaUsedSeconds: tickets.slaUsedSeconds,
  slaRunningSince: tickets.slaRunningSince,
  slaDueAt: tickets.slaDueAt,
  slaTargetSeconds: sql<number | null>`sla_target_seconds(${tickets.channel}, ${tickets.slaTarget})`,
};

// The summary columns of a ticket row, with the customer's newest words served by messages_ticket_idx.
const summaryColumns = {
  id: tickets.id,
  customerId: tickets.customerId,
  ...customerNamesOf(tickets.customerId),
  channel: tickets.channel,
  contact: tickets.contact,
  subject: tickets.subject,
  preview: inboundPreviewOf(tickets.id, PREVIEW_LENGTH),
  createdAt: tickets.createdAt,
  archivedAt: tickets.archivedAt,
  escalatedAt: tickets.escalatedAt,
  escalatedByName: employeeNameOf(tickets.escalatedBy),
  snoozedAt: tickets.snoozedAt,
  snoozedUntil: tickets.snoozedUntil,
  snoozeEndedAt: tickets.snoozeEndedAt,
  snoozeEndReason: tickets.snoozeEndReason,
  snoozedByName: employeeNameOf(tickets.snoozedBy),
  ...slaColumns,
};

// The employee's online flag, the ids of the tickets they closed since a moment (newest first,
// from the covering tickets_closed_by_idx) and the queue tickets they hold, as summaries: one row per
// ticket, or one row with no ticket. The poll's only read, so it is prepared. (The closed list
// names the employee by the parameter, not the row, so it is computed once, not once per row.)
const heldStatement = preparedPerDatabase((db) =>
  db
    .select({
      online: employees.online,
      closedSince: sql<
        number[]
      >`(select coalesce(json_agg(c.id order by c.closed_at desc, c.id desc), '[]'::json) from ${tickets} c
        where c.closed_by = ${sql.placeholder('employeeId')} and c.closed_at >= ${sql.placeholder('closedSince')} and c.state = 'closed')`,
      leaseExpiresAt: tickets.leaseExpiresAt,
      ...summaryColumns,
    })
    .from(employees)
    .leftJoin(tickets, and(eq(tickets.assignedTo, employees.id), inQueue))
    .where(eq(employees.id, sql.placeholder('employeeId')))
    .orderBy(ticketQueue.order, tickets.id)
    .prepare('tickets_held_by'),
);

export type HeldTicket = SummaryRow & { leaseExpiresAt: Date | null };

export async function findHeldTickets(
  db: Database,
  employeeId: number,
  closedSince: Date,
): Promise<{ online: boolean; held: HeldTicket[]; closed: number[] }> {
  const rows = await heldStatement(db).execute({ employeeId, closedSince: closedSince.toISOString() });
  const held = rows.flatMap(
    ({ online: _online, closedSince: _closed, id, channel, contact, createdAt, slaUsedSeconds, ...rest }) =>
      id === null || channel === null || contact === null || createdAt === null
        ? []
        : [{ ...rest, id, channel, contact, createdAt, slaUsedSeconds: slaUsedSeconds ?? 0 }],
  );
  return { online: rows[0]?.online ?? false, held, closed: rows[0]?.closedSince ?? [] };
}

export function selectSummaries(executor: Executor) {
  return executor.select(summaryColumns).from(tickets);
}

const summariesByIdsStatement = preparedPerDatabase((db) =>
  selectSummaries(db)
    .where(sql`${tickets.id} = any(${sql.placeholder('ids')})`)
    .orderBy(ticketQueue.order, tickets.id)
    .prepare('tickets_summaries_by_ids'),
);

export async function findSummariesByIds(db: Database, ids: number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  return summariesByIdsStatement(db).execute({ ids });
}

export async function findArchivedSummaries(executor: Executor, limit: number): Promise<SummaryRow[]> {
  return selectSummaries(executor)
    .where(and(sql`${tickets.state} = 'open'`, isNotNull(tickets.archivedAt)))
    .orderBy(desc(tickets.archivedAt))
    .limit(limit);
}

export async function findEscalatedSummaries(executor: Executor, limit: number): Promise<SummaryRow[]> {
  return selectSummaries(executor)
    .where(and(sql`${tickets.state} = 'open'`, isNotNull(tickets.escalatedAt)))
    .orderBy(desc(tickets.escalatedAt))
    .limit(limit);
}

export type QueueCounts = { total: number; createdOver24h: number };

export async function countQueue(executor: Executor, dayAgo: Date): Promise<QueueCounts> {
  const [row] = await executor
    .select({
      total: sql<number>`count(*)::int`.mapWith(Number),
      createdOver24h: sql<number>`(count(*) filter (where ${lt(tickets.createdAt, dayAgo)}))::int`.mapWith(Number),
    })
    .from(tickets)
    .where(inQueue);
  return row ?? { total: 0, createdOver24h: 0 };
}

// A ticket and its messages belong to the customer from now on (users/link_ticket).
export async function assignTicketToCustomer(executor: Executor, ticketId: number, customerId: number): Promise<void> {
  await executor.update(tickets).set({ customerId }).where(eq(tickets.id, ticketId));
  await assignTicketMessagesToCustomer(executor, ticketId, customerId);
}

export async function lockTicket(executor: Executor, ticketId: number): Promise<TicketRecord | undefined> {
  const [row] = await executor.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
  return row;
}

export async function updateTicket(
  executor: Executor,
  ticketId: number,
  values: Partial<TicketRecord>,
): Promise<TicketRecord> {
  return returnedRow(
    await executor.update(tickets).set(values).where(eq(tickets.id, ticketId)).returning(),
    `updateTicket: ticket ${ticketId} vanished inside its transaction`,
  );
}

// The customer a ticket is linked to (null: none yet), or undefined when there is no such ticket.
export async function findTicketCustomer(
  executor: Executor,
  ticketId: number,
): Promise<{ customerId: number | null } | undefined> {
  const [ticket] = await executor
    .select({ customerId: tickets.customerId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return ticket;
}

// The customer's newest ticket, if any.
export async function findLatestTicketIdOfCustomer(executor: Executor, customerId: number): Promise<number | null> {
  const [row] = await executor
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.customerId, customerId))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row?.id ?? null;
}

// Every answered ticket's first response time in business hours, worked out again (the business
// hours changed; analytics/business-hours-sync.ts).
export async function recountFirstResponseBusinessSeconds(tx: Executor): Promise<void> {
  await tx.execute(
    sql`update tickets set first_response_business_seconds = business_seconds(created_at, first_response_at) where first_response_at is not null`,
  );
}

// The ids of the customer's tickets as a subquery (one column, `id`) through tickets_customer_idx,
// for a statement about "the customer's conversations" however many there are (their notes).
export function ticketIdsOfCustomer(customerId: number): SQL {
  return sql`select ${tickets.id} as id from ${tickets} where ${eq(tickets.customerId, customerId)}`;
}

// The customer each of these tickets is linked to now (null: none yet); a ticket that does not
// exist is left out.
export async function findCustomersOfTickets(
  executor: Executor,
  ticketIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await executor
    .select({ id: tickets.id, customerId: tickets.customerId })
    .from(tickets)
    .where(inArray(tickets.id, [...new Set(ticketIds)]));
  return new Map(rows.map((row) => [row.id, row.customerId]));
}
