import { eq } from 'drizzle-orm';
import { messages, type Executor } from '@portal/db';
import type { ServerContext } from '../context.ts';

export type OutboundMessage = {
  type: 'text' | 'email';
  to: string;
  subject?: string | null;
  body: string;
  ticketId?: number | null;
  customerId?: number | null;
  employeeId?: number | null;
  macroId?: number | null;
  filterId?: string | null;
  // The provider id of the customer's email this answers, so mail clients thread the reply.
  inReplyTo?: string | null;
};

export type MessageRecord = typeof messages.$inferSelect;

// Step 1, inside the caller's transaction: the message is written to the outbox (status queued),
// so it exists even if sending fails or the process stops.
export async function queueOutboundMessage(tx: Executor, outbound: OutboundMessage, now: Date): Promise<MessageRecord> {
  const [row] = await tx
    .insert(messages)
    .values({
      ticketId: outbound.ticketId ?? null,
      customerId: outbound.customerId ?? null,
      type: outbound.type,
      inbound: false,
      subject: outbound.type === 'email' ? (outbound.subject ?? null) : null,
      body: outbound.body,
      toAddress: outbound.to,
      status: 'queued',
      employeeId: outbound.employeeId ?? null,
      macroId: outbound.macroId ?? null,
      filterId: outbound.filterId ?? null,
      // The In-Reply-To id travels in externalId until the provider gives the message its own id.
      externalId: outbound.inReplyTo ?? null,
      processed: true,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('queueOutboundMessage: insert returned nothing');
  return row;
}

// Step 2, after the transaction committed: hand the message to its provider and record the outcome
// (sent, or undelivered with the provider's error). Without a provider it stays queued in the outbox.
export async function deliverQueuedMessage(context: ServerContext, message: MessageRecord): Promise<MessageRecord> {
  const to = message.toAddress ?? '';
  let outcome: { status: 'sent'; externalId: string } | { status: 'undelivered'; error: string } | null = null;
  try {
    if (message.type === 'email' && context.mailer) {
      const sent = await context.mailer.send({
        to,
        subject: message.subject ?? 'Your message to Portal support',
        text: message.body,
        inReplyTo: message.externalId,
      });
      outcome = { status: 'sent', externalId: sent.providerId };
    } else if (message.type === 'text' && context.sms) {
      const sent = await context.sms.send({ to, body: message.body });
      outcome = { status: 'sent', externalId: sent.providerId };
    }
  } catch (error) {
    outcome = { status: 'undelivered', error: error instanceof Error ? error.message : String(error) };
  }
  if (!outcome) return message;
  const [updated] = await context.db
    .update(messages)
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', externalId: outcome.externalId, error: null }
        : { status: 'undelivered', error: outcome.error },
    )
    .where(eq(messages.id, message.id))
    .returning();
  return updated ?? message;
}
