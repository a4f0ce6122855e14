import { and, desc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages, messageTypes, type Executor } from '@portal/db';
import { returnedRow } from './returned-row.ts';
import { olderThan, timeKeyOf, type TimeBound } from './time-keyset.ts';

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
  return returnedRow(
    await tx
      .insert(messages)
      .values({ ...values, inbound: true, status: 'received' })
      .returning({ id: messages.id }),
    'recordInboundMessage: insert returned nothing',
  ).id;
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
export async function markInboundProcessed(tx: Executor, ticketId: number, replyId: number): Promise<number> {
  const marked = await tx
    .update(messages)
    .set({ processed: true, answeredBy: replyId })
    .where(and(eq(messages.ticketId, ticketId), eq(messages.inbound, true), eq(messages.processed, false)))
    .returning({ id: messages.id });
  return marked.length;
}

// An outbound message under its row lock, the lock the outbox claims it under (FOR UPDATE SKIP
// LOCKED): whoever holds it decides whether it leaves (the undo of a reply, decision 065).
export async function lockMessage(tx: Executor, id: number): Promise<typeof messages.$inferSelect | undefined> {
  const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
  return row;
}

// A reply taken back before it left: kept in the thread, never to be delivered.
export async function markUndone(tx: Executor, id: number, sentence: string): Promise<void> {
  await tx
    .update(messages)
    .set({ status: 'undelivered', error: sentence, nextAttemptAt: null })
    .where(eq(messages.id, id));
}

// A reply undone before it left (decision 065): the messages it answered are unanswered again.
export async function markUnansweredAgain(tx: Executor, replyId: number): Promise<number> {
  const marked = await tx
    .update(messages)
    .set({ processed: false, answeredBy: null })
    .where(and(eq(messages.answeredBy, replyId), eq(messages.inbound, true)))
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

// How many collection texts the customer was sent, or has on their way, since an instant (the
// weekly cap), read through messages_customer_collection_idx. When queueing: those queued or sent,
// undelivered ones not counted. At the door (passedOnly): those that passed the door since (a queued
// one not yet there does not count, so it cannot crowd out the one being sent), the message at the
// door left out.
export async function countCollectionTextsSince(
  tx: Executor,
  customerId: number,
  since: Date,
  atDoor?: { exceptMessageId: number },
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(
        eq(messages.customerId, customerId),
        sql`${messages.purpose} = 'collection' and not ${messages.inbound}`,
        eq(messages.type, 'text'),
        sql`${messages.status} <> 'undelivered'`,
        atDoor
          ? and(
              sql`${messages.id} <> ${atDoor.exceptMessageId}`,
              sql`coalesce(${messages.doorPassedAt}, case when ${messages.status} = 'sent' then ${messages.createdAt} end) > ${since}`,
            )
          : gt(messages.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

// The customer's newest message to us in a channel (or, without a customer, the conversation's),
// and whether a message of one of the given roads already answers it (the one answer it may have).
export async function findLatestInboundOf(
  tx: Executor,
  to: { customerId: number | null; ticketId: number | null; channel: MessageChannel },
  answeringPaths: readonly string[],
): Promise<{ id: number; createdAt: Date; answered: boolean } | null> {
  const who =
    to.customerId !== null
      ? eq(messages.customerId, to.customerId)
      : to.ticketId !== null
        ? eq(messages.ticketId, to.ticketId)
        : undefined;
  if (!who) return null;
  const [row] = await tx
    .select({ id: messages.id, createdAt: messages.createdAt })
    .from(messages)
    .where(and(who, eq(messages.inbound, true), eq(messages.type, to.channel)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!row) return null;
  const [answer] =
    answeringPaths.length === 0
      ? []
      : await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.answersMessageId, row.id),
              inArray(messages.sendingPath, [...answeringPaths]),
              sql`${messages.status} <> 'undelivered'`,
            ),
          )
          .limit(1);
  return { ...row, answered: answer !== undefined };
}

// When the customer's message a queued message answers was written (the door's reply exemption).
export async function findInboundAt(tx: Executor, messageId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ at: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.inbound, true)));
  return row?.at ?? null;
}

// The door's verdict on a claimed message (contact-rules/door.ts, issue 37), written in the door's
// transaction; each touches the message only while it is still queued.
const stillQueued = (messageId: number) => and(eq(messages.id, messageId), eq(messages.status, 'queued'));

export async function markPassedDoor(tx: Executor, messageId: number, at: Date): Promise<void> {
  await tx.update(messages).set({ doorPassedAt: at }).where(stillQueued(messageId));
}

// Its moment has passed: it waits for the window, the claim's attempt not counted.
export async function holdAtDoor(tx: Executor, messageId: number, until: Date): Promise<void> {
  await tx
    .update(messages)
    .set({ nextAttemptAt: until, heldUntil: until, attempts: sql`greatest(${messages.attempts} - 1, 0)` })
    .where(stillQueued(messageId));
}

export async function refuseAtDoor(tx: Executor, messageId: number, error: string): Promise<void> {
  await tx.update(messages).set({ status: 'undelivered', error, nextAttemptAt: null }).where(stillQueued(messageId));
}

// The start of a message's text the customer's timeline shows.
export const MESSAGE_EXCERPT_LENGTH = 280;

// A page of the customer's messages, newest first, after the bound (the customer's timeline, issue
// 40): one branch per channel, each an index range of messages_customer_idx (customer, type, time,
// id) read backwards and cut at the limit, so a page costs the same at 100 messages or 100,000.
export function findCustomerMessagesPage(
  executor: Executor,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
) {
  const branch = (type: (typeof messageTypes)[number]) =>
    executor
      .select({
        id: messages.id,
        ticketId: messages.ticketId,
        type: messages.type,
        inbound: messages.inbound,
        subject: messages.subject,
        excerpt: sql<string>`left(${messages.body}, ${sql.raw(String(MESSAGE_EXCERPT_LENGTH))})`.as('excerpt'),
        status: messages.status,
        error: messages.error,
        heldUntil: messages.heldUntil,
        employeeId: messages.employeeId,
        autoResponse: messages.autoResponse,
        createdAt: messages.createdAt,
        timeKey: timeKeyOf(messages.createdAt).as('time_key'),
      })
      .from(messages)
      .where(
        and(
          eq(messages.customerId, customerId),
          eq(messages.type, type),
          olderThan(messages.createdAt, messages.id, bound),
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
  const [text, email, notification] = messageTypes.map(branch);
  return unionAll(text!, email!, notification!)
    .orderBy(sql`created_at desc`, sql`id desc`)
    .limit(limit);
}
