import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customers, employees, loans, messages, payments, tickets, type Database, type Executor } from '@portal/db';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import { ticketQueue } from './ticket-queue.ts';
import type { SummaryRow } from './wire.ts';

export type TicketRecord = typeof tickets.$inferSelect;

export const PREVIEW_LENGTH = 140;

const inQueue = ticketQueue.inQueue;

const escalator = alias(employees, 'escalator');

// The summary columns of a ticket row, with the customer's newest words served by messages_ticket_idx.
const summaryColumns = {
  id: tickets.id,
  customerId: tickets.customerId,
  firstName: customers.firstName,
  lastName: customers.lastName,
  channel: tickets.channel,
  contact: tickets.contact,
  subject: tickets.subject,
  preview: sql<string | null>`(select left(m.body, ${sql.raw(String(PREVIEW_LENGTH))}) from ${messages} m
    where m.ticket_id = ${tickets.id} and m.inbound order by m.created_at desc limit 1)`,
  createdAt: tickets.createdAt,
  archivedAt: tickets.archivedAt,
  escalatedAt: tickets.escalatedAt,
  escalatedByName: escalator.name,
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
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(escalator, eq(escalator.id, tickets.escalatedBy))
    .where(eq(employees.id, sql.placeholder('employeeId')))
    .orderBy(tickets.createdAt, tickets.id)
    .prepare('tickets_held_by'),
);

export type HeldTicket = SummaryRow & { leaseExpiresAt: Date | null };

export async function findHeldTickets(
  db: Database,
  employeeId: number,
  closedSince: Date,
): Promise<{ online: boolean; held: HeldTicket[]; closed: number[] }> {
  const rows = await heldStatement(db).execute({ employeeId, closedSince: closedSince.toISOString() });
  const held = rows.flatMap(({ online: _online, closedSince: _closed, id, channel, contact, createdAt, ...rest }) =>
    id === null || channel === null || contact === null || createdAt === null
      ? []
      : [{ ...rest, id, channel, contact, createdAt }],
  );
  return { online: rows[0]?.online ?? false, held, closed: rows[0]?.closedSince ?? [] };
}

function selectSummaries(executor: Executor) {
  return executor
    .select(summaryColumns)
    .from(tickets)
    .leftJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(escalator, eq(escalator.id, tickets.escalatedBy));
}

const summariesByIdsStatement = preparedPerDatabase((db) =>
  selectSummaries(db)
    .where(sql`${tickets.id} = any(${sql.placeholder('ids')})`)
    .orderBy(tickets.createdAt, tickets.id)
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

// Payments still to collect on the two dates: not paid, processing or invalid, on funded loans not paid off.
export async function countUnpaidDue(
  executor: Executor,
  first: string,
  second: string,
): Promise<{ first: number; second: number }> {
  const [row] = await executor
    .select({
      first: sql<number>`(count(*) filter (where ${eq(payments.due, first)}))::int`.mapWith(Number),
      second: sql<number>`(count(*) filter (where ${eq(payments.due, second)}))::int`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(
      and(
        inArray(payments.due, [first, second]),
        isNull(payments.paidAt),
        isNull(payments.processingAt),
        isNull(payments.invalidAt),
        isNotNull(loans.fundedAt),
        isNull(loans.paidOffAt),
      ),
    );
  return row ?? { first: 0, second: 0 };
}

// A ticket and its messages belong to the customer from now on (users/link_ticket).
export async function assignTicketToCustomer(executor: Executor, ticketId: number, customerId: number): Promise<void> {
  await executor.update(tickets).set({ customerId }).where(eq(tickets.id, ticketId));
  await executor.update(messages).set({ customerId }).where(eq(messages.ticketId, ticketId));
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
  const [row] = await executor.update(tickets).set(values).where(eq(tickets.id, ticketId)).returning();
  if (!row) throw new Error(`updateTicket: ticket ${ticketId} vanished inside its transaction`);
  return row;
}

export async function markInboundProcessed(executor: Executor, ticketId: number): Promise<number> {
  const marked = await executor
    .update(messages)
    .set({ processed: true })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.inbound, true), eq(messages.processed, false)))
    .returning({ id: messages.id });
  return marked.length;
}

// The provider id of the customer's newest email on the ticket, so the reply threads under it.
export async function findLatestInboundEmailId(executor: Executor, ticketId: number): Promise<string | null> {
  const [row] = await executor
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(
      and(
        eq(messages.ticketId, ticketId),
        eq(messages.inbound, true),
        eq(messages.type, 'email'),
        isNotNull(messages.externalId),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.externalId ?? null;
}

export async function findCustomerContact(executor: Executor, customerId: number) {
  const [row] = await executor
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}
