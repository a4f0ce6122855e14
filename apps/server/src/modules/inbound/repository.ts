import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { messages, tickets, type Executor } from '@portal/db';

export type InboundChannel = 'text' | 'email';
export type TicketRecord = typeof tickets.$inferSelect;

// Serialises the transactions that share a key until they commit: the same provider id twice
// (a webhook retried) or two messages from one sender arriving together (one ticket, not two).
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function findInboundMessageByExternalId(
  tx: Executor,
  channel: InboundChannel,
  externalId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.type, channel), eq(messages.inbound, true), eq(messages.externalId, externalId)))
    .limit(1);
  return row?.id ?? null;
}

// The newest of our sent messages among the given provider ids, with its customer and its ticket
// if that ticket is still open.
export async function findAnsweredOutbound(
  tx: Executor,
  channel: InboundChannel,
  externalIds: string[],
): Promise<{ customerId: number | null; openTicket: TicketRecord | undefined } | null> {
  const [row] = await tx
    .select({ customerId: messages.customerId, ticket: tickets })
    .from(messages)
    .leftJoin(tickets, and(eq(tickets.id, messages.ticketId), eq(tickets.state, 'open')))
    .where(
      and(
        eq(messages.type, channel),
        eq(messages.inbound, false),
        eq(messages.status, 'sent'),
        inArray(messages.externalId, externalIds),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!row) return null;
  return { customerId: row.customerId, openTicket: row.ticket ?? undefined };
}

// The newest open ticket of this sender on this channel.
export async function findOpenTicketByContact(
  tx: Executor,
  channel: InboundChannel,
  contact: string,
): Promise<TicketRecord | undefined> {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.contact, contact), eq(tickets.state, 'open'), eq(tickets.channel, channel)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  return ticket;
}

// The newest open ticket of this customer on this channel (they wrote from another address).
export async function findOpenTicketByCustomer(
  tx: Executor,
  channel: InboundChannel,
  customerId: number,
): Promise<TicketRecord | undefined> {
  const [ticket] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.customerId, customerId), eq(tickets.state, 'open'), eq(tickets.channel, channel)))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  return ticket;
}

// Back to the queue: the ticket is open and no longer archived (its lease was handed back when it
// was archived).
export async function unarchiveTicket(tx: Executor, ticketId: number): Promise<TicketRecord> {
  const [ticket] = await tx.update(tickets).set({ archivedAt: null }).where(eq(tickets.id, ticketId)).returning();
  if (!ticket) throw new Error('unarchiveTicket: update returned nothing');
  return ticket;
}

export async function insertTicket(
  tx: Executor,
  values: {
    channel: InboundChannel;
    contact: string;
    subject: string | null;
    customerId: number | null;
    createdAt: Date;
  },
): Promise<TicketRecord> {
  const [ticket] = await tx.insert(tickets).values(values).returning();
  if (!ticket) throw new Error('insertTicket: insert returned nothing');
  return ticket;
}

export async function insertInboundMessage(
  tx: Executor,
  values: {
    ticketId: number | null;
    customerId: number | null;
    type: InboundChannel;
    subject: string | null;
    body: string;
    fromAddress: string;
    toAddress: string | null;
    raw: string;
    externalId: string | null;
    processed: boolean;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(messages)
    .values({ ...values, inbound: true, status: 'received' })
    .returning({ id: messages.id });
  if (!row) throw new Error('insertInboundMessage: insert returned nothing');
  return row.id;
}
