import type { CallBody, OriginateMessageResponse, userPageCalls } from '@portal/contracts';
import { tickets } from '@portal/db';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { commitMessage } from '../../platform/message-commit.ts';
import { findIdempotentMessage, queueOutboundMessage } from '../../platform/outbound.ts';
import { clearContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import { findOpenTicketIdOfCustomer } from './open-ticket.ts';
import { lockTicket } from './repository.ts';

type OriginateInput = CallBody<typeof userPageCalls.originateMessage>;

// POST users/originate_message: staff write to a customer first, from the user page's composer.
// 'existing' adds the message to the customer's open ticket of that channel; 'new' starts a ticket
// of its own, closed at once by the sender (nothing in it waits for an answer from staff: the
// customer's reply opens a ticket in the queue as any message does). Queued in the outbox in the
// transaction; the answer comes once it is committed and the outbox's worker sends it (a silent
// SMTP server never holds the request). The same Idempotency-Key again answers that message.
export async function originateMessage(
  context: Pick<TicketsDeps, 'db' | 'clock' | 'outbox' | 'contactRules'>,
  actor: Actor,
  input: OriginateInput,
  idempotencyKey: string | null = null,
): Promise<OriginateMessageResponse> {
  const now = context.clock.now();
  const channel = input.message_type;
  // The gate's sentence when it held the message (not on a retried request's earlier message).
  let heldSentence: string | null = null;
  const queued = await commitMessage(context.db, async (tx) => {
    const earlier = await findIdempotentMessage(tx, actor.employeeId, idempotencyKey);
    if (earlier) {
      if (earlier.customerId !== input.user_id || earlier.type !== channel)
        throw conflict('This Idempotency-Key was already used for another message; compose the message again.');
      return earlier;
    }
    const customer = await findCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const clearance = await clearContact(tx, context, {
      customerId: customer.id,
      channel,
      path: 'composer',
      chosenPurpose: input.purpose ?? null,
      to: channel === 'email' ? customer.email : customer.phoneNumber,
      employeeId: actor.employeeId,
      ipAddress: actor.ipAddress,
    });
    if (clearance.verdict === 'hold') heldSentence = clearance.sentence;
    const to = channel === 'email' ? customer.email : customer.phoneNumber;
    if (!to) throw conflict(`Customer ${customer.id} has no phone number on file, so no text can be sent.`);
    const subject = channel === 'email' ? (input.subject ?? null) : null;

    // 'existing' joins the customer's newest open ticket of the channel, locked while the message is added.
    const openId = input.thread === 'existing' ? await findOpenTicketIdOfCustomer(tx, customer.id, channel) : null;
    let ticket = openId === null ? undefined : await lockTicket(tx, openId);
    if (input.thread === 'existing' && !ticket)
      throw conflict(
        `Customer ${customer.id} has no open ${channel === 'email' ? 'email' : 'text'} ticket; start a new thread instead.`,
      );
    if (!ticket) {
      [ticket] = await tx
        .insert(tickets)
        .values({
          customerId: customer.id,
          channel,
          contact: to,
          subject,
          state: 'closed',
          closedAt: now,
          closedBy: actor.employeeId,
          createdAt: now,
        })
        .returning();
      if (!ticket) throw new Error('originateMessage: the ticket insert returned nothing');
    }
    const message = await queueOutboundMessage(
      tx,
      {
        type: channel,
        to: channel === 'email' ? customer.email : ticket.contact,
        subject,
        body: input.message,
        ticketId: ticket.id,
        customerId: customer.id,
        employeeId: actor.employeeId,
        idempotencyKey,
        clearance,
      },
      now,
    );
    await recordAuditEvent(tx, {
      ...actor,
      action: 'customer.message_originated',
      entityType: 'customer',
      entityId: customer.id,
      after: { ticketId: ticket.id, messageId: message.id, type: channel, thread: input.thread, to: message.toAddress },
    });
    return message;
  });
  context.outbox.nudge();
  const what = channel === 'email' ? 'Email' : 'Text';
  const outcome =
    queued.heldUntil && queued.status === 'queued'
      ? `is held for the customer's quiet hours, not sent yet. ${heldSentence ?? 'The conversation shows when it goes out.'}`
      : queued.status === 'sent'
        ? 'sent'
        : queued.status === 'undelivered'
          ? `could not be delivered: ${queued.error ?? 'no reason given'}`
          : 'is in the outbox and goes out in a moment (the conversation shows when)';
  return {
    message: `${what} to ${queued.toAddress} ${outcome}${outcome.endsWith('.') ? '' : '.'}`,
    ticket_id: queued.ticketId ?? 0,
    message_id: queued.id,
  };
}
