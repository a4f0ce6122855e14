import { messages, type Executor } from '@portal/db';

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
  // Sent by the Portal itself, not by an employee (the after-hours reply, decision 035).
  autoResponse?: boolean;
};

export type MessageRecord = typeof messages.$inferSelect;

// Inside the caller's transaction: the message is written to the outbox (status queued, due now),
// so it exists even if sending fails or the process stops. The outbox (outbox.ts) sends it: at once
// after the commit when the caller asks, else by its worker.
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
      autoResponse: outbound.autoResponse ?? false,
      // The In-Reply-To id travels in externalId until the provider gives the message its own id.
      externalId: outbound.inReplyTo ?? null,
      processed: true,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('queueOutboundMessage: insert returned nothing');
  return row;
}
