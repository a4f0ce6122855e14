import { and, desc, eq, type SQL } from 'drizzle-orm';
import { tickets, type Executor } from '@portal/db';
import { recordAuditEvent } from '../../platform/audit.ts';
import { returnedRow } from '../../platform/returned-row.ts';
import type { TicketRecord } from './repository.ts';

export type TicketChannel = 'text' | 'email';
// Whose conversation: a customer's, or a sender's address (a sender no customer matches yet).
export type ConversationOf = { customerId: number } | { contact: string };

// The conversation's open ticket on a channel, archived or not. Archiving only takes a ticket out of
// the queue (spec 000 section 4: archived, can be unarchived); the conversation goes on in it. A
// customer's message joins it and brings it back to the queue (inbound), and a message staff send
// joins it too, so the customer's answer lands in the thread that holds what it answers.
export function openTicketOf(conversation: ConversationOf, channel: TicketChannel): SQL {
  const owner =
    'customerId' in conversation
      ? eq(tickets.customerId, conversation.customerId)
      : eq(tickets.contact, conversation.contact);
  return and(owner, eq(tickets.channel, channel), eq(tickets.state, 'open'))!;
}

// The newest such ticket, if any.
export async function findOpenTicketOf(
  db: Executor,
  conversation: ConversationOf,
  channel: TicketChannel,
): Promise<TicketRecord | undefined> {
  const [ticket] = await db
    .select()
    .from(tickets)
    .where(openTicketOf(conversation, channel))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  return ticket;
}

export async function findOpenTicketIdOfCustomer(
  db: Executor,
  customerId: number,
  channel: TicketChannel,
): Promise<number | null> {
  return (await findOpenTicketOf(db, { customerId }, channel))?.id ?? null;
}

// A new conversation's ticket (inbound: a sender with no open ticket on the channel).
export async function openConversationTicket(
  tx: Executor,
  values: {
    channel: TicketChannel;
    contact: string;
    subject: string | null;
    customerId: number | null;
    createdAt: Date;
  },
): Promise<TicketRecord> {
  return returnedRow(
    await tx.insert(tickets).values(values).returning(),
    'openConversationTicket: insert returned nothing',
  );
}

// The ticket if it is open (archived or not), else undefined.
export async function findOpenTicket(executor: Executor, ticketId: number): Promise<TicketRecord | undefined> {
  const [ticket] = await executor
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.state, 'open')));
  return ticket;
}

// A customer's reply brings an archived ticket back to the queue, as helpdesks reopen on a reply:
// the queue leaves archived tickets out, so otherwise nobody would be handed it. Its lease was
// handed back when it was archived. With its audit event, in the caller's transaction.
export async function unarchiveOnCustomerReply(tx: Executor, ticket: TicketRecord): Promise<TicketRecord> {
  if (!ticket.archivedAt) return ticket;
  const archivedAt = ticket.archivedAt.toISOString();
  const [unarchived] = await tx.update(tickets).set({ archivedAt: null }).where(eq(tickets.id, ticket.id)).returning();
  if (!unarchived) throw new Error('unarchiveOnCustomerReply: update returned nothing');
  await recordAuditEvent(tx, {
    employeeId: null,
    action: 'ticket.unarchived',
    entityType: 'ticket',
    entityId: unarchived.id,
    before: { archivedAt },
    after: { archivedAt: null, reason: 'customer_reply' },
  });
  return unarchived;
}

// A customer's reply ends a snooze, whether it waited for the reply or for a time: the customer
// wrote, so the ticket needs working now. With its audit event, in the caller's transaction.
export async function endSnoozeOnCustomerReply(tx: Executor, ticket: TicketRecord, now: Date): Promise<TicketRecord> {
  if (!ticket.snoozedAt) return ticket;
  const [back] = await tx
    .update(tickets)
    .set({ snoozedAt: null, snoozeEndedAt: now, snoozeEndReason: 'customer_replied' })
    .where(eq(tickets.id, ticket.id))
    .returning();
  if (!back) throw new Error('endSnoozeOnCustomerReply: update returned nothing');
  await recordAuditEvent(tx, {
    employeeId: null,
    action: 'ticket.snooze_ended',
    entityType: 'ticket',
    entityId: back.id,
    before: { snoozedAt: ticket.snoozedAt.toISOString(), snoozedUntil: ticket.snoozedUntil?.toISOString() ?? null },
    after: { snoozedAt: null, snoozeEndedAt: now.toISOString(), reason: 'customer_replied' },
    ipAddress: null,
  });
  return back;
}
