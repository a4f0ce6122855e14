import { and, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages, type Executor } from '@portal/db';

// The message store: every text and email in or out is a row of messages, which platform owns
// (outbound.ts queues ours, outbox.ts delivers them). The inbound webhooks record what customers
// send here, and the tickets module threads messages through these.

export type MessageChannel = 'text' | 'email';
export type MessageRow = typeof messages.$inferSelect;
// The columns a message needs on the wire (never the raw MIME, which can be large).
export type MessageSummary = Pick<
  MessageRow,
  | 'id'
  | 'ticketId'
  | 'type'
  | 'inbound'
  | 'subject'
  | 'body'
  | 'createdAt'
  | 'processed'
  | 'status'
  | 'error'
  | 'attempts'
  | 'autoResponse'
  | 'heldUntil'
>;

// A customer's text or email as received, in the webhook's transaction; answers its id.
export async function recordInboundMessage(
  tx: Executor,
  values: {
    ticketId: number | null;
    customerId: number | null;
    type: MessageChannel;
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
  if (!row) throw new Error('recordInboundMessage: insert returned nothing');
  return row.id;
}

// The received message the provider gave this id, if any (a webhook retried).
export async function findInboundMessageId(
  tx: Executor,
  channel: MessageChannel,
  externalId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.type, channel), eq(messages.inbound, true), eq(messages.externalId, externalId)))
    .limit(1);
  return row?.id ?? null;
}

// The newest of our sent messages among the given provider ids: its customer and ticket.
export async function findAnsweredMessage(
  tx: Executor,
  channel: MessageChannel,
  externalIds: readonly string[],
): Promise<{ customerId: number | null; ticketId: number | null } | null> {
  const [row] = await tx
    .select({ customerId: messages.customerId, ticketId: messages.ticketId })
    .from(messages)
    .where(
      and(
        eq(messages.type, channel),
        eq(messages.inbound, false),
        eq(messages.status, 'sent'),
        inArray(messages.externalId, [...externalIds]),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row ?? null;
}

// A ticket's messages belong to the customer from now on (users/link_ticket).
export async function assignTicketMessagesToCustomer(
  tx: Executor,
  ticketId: number,
  customerId: number,
): Promise<void> {
  await tx.update(messages).set({ customerId }).where(eq(messages.ticketId, ticketId));
}

// The ticket's received messages nobody had answered, marked answered; answers how many.
export async function markInboundProcessed(tx: Executor, ticketId: number): Promise<number> {
  const marked = await tx
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

// A message's channel and raw source (the MIME of an email, a text's provider parameters).
export async function findRawMessage(
  executor: Executor,
  messageId: number,
): Promise<{ type: MessageRow['type']; raw: string | null } | undefined> {
  const [row] = await executor
    .select({ type: messages.type, raw: messages.raw })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}

// The start of the customer's newest message on a ticket (a column of the enclosing query holds the
// ticket's id), served by messages_ticket_idx: the queue's preview.
export function inboundPreviewOf(ticketId: AnyPgColumn | SQL, length: number): SQL<string | null> {
  return sql<string | null>`(select left(m.body, ${sql.raw(String(length))}) from ${messages} m
    where m.ticket_id = ${sql`${ticketId}`} and m.inbound order by m.created_at desc limit 1)`;
}

// The newest message the customer sent us (any channel), or, without a customer, the newest of
// the conversation: the contact gate does not hold an answer to someone who just wrote.
export async function findLastInboundAt(
  tx: Executor,
  to: { customerId: number | null; ticketId: number | null },
): Promise<Date | null> {
  const where =
    to.customerId !== null
      ? eq(messages.customerId, to.customerId)
      : to.ticketId !== null
        ? eq(messages.ticketId, to.ticketId)
        : undefined;
  if (!where) return null;
  const [row] = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(where, eq(messages.inbound, true)))
    .orderBy(desc(messages.createdAt))
    .limit(1);
  return row?.at ?? null;
}

// How many collection texts were sent or queued to the customer since an instant (the weekly cap),
// read through messages_customer_collection_idx.
export async function countCollectionTextsSince(tx: Executor, customerId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.customerId, customerId),
        sql`${messages.purpose} = 'collection' and not ${messages.inbound}`,
        eq(messages.type, 'text'),
        gt(messages.createdAt, since),
        sql`${messages.status} <> 'undelivered'`,
      ),
    );
  return row?.n ?? 0;
}
