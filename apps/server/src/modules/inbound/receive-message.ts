import type { InboundDeps } from './deps.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { findAnsweredMessage, findInboundMessageId, recordInboundMessage } from '../../platform/message-store.ts';
import { matchCustomerByContact } from '../customers/index.ts';
import {
  findOpenTicket,
  findOpenTicketOf,
  openConversationTicket,
  unarchiveOnCustomerReply,
  endSnoozeOnCustomerReply,
} from '../tickets/index.ts';
import { queueAfterHoursResponse } from './auto-response.ts';
import { cleanText } from './clean-text.ts';
import * as repository from './repository.ts';
import type { InboundChannel } from './repository.ts';

// A customer's text or email as the webhooks hand it over, the sender already normalized.
export type InboundMessage = {
  channel: InboundChannel;
  contact: string;
  to: string | null;
  subject: string | null;
  body: string;
  // The raw MIME message, or the provider's parameters as JSON (users/get_raw_message).
  raw: string;
  // Twilio's MessageSid or the email's Message-ID: the same id twice is the same message.
  externalId: string | null;
  // An auto-reply or delivery report (parse-email.ts): kept, but it opens no ticket.
  automatic?: boolean;
  // Provider ids of our messages this one answers (an email's In-Reply-To and References).
  references?: string[];
};

export type ReceivedMessage =
  | { duplicate: true; messageId: number }
  | {
      duplicate: false;
      messageId: number;
      ticketId: number | null;
      customerId: number | null;
      newTicket: boolean;
      // The after-hours auto-response queued on the new ticket, if any (decision 035).
      autoResponseId: number | null;
    };

// Matches the sender to a customer, threads the message into their open ticket (or opens one) and
// stores it, with its audit event, in one transaction. A provider id seen before changes nothing.
// An automatic message joins an open ticket if there is one, already processed (nobody owes it an
// answer), and otherwise stays on the customer's history without a ticket.
export async function receiveInboundMessage(context: InboundDeps, received: InboundMessage): Promise<ReceivedMessage> {
  const message = cleanMessage(received);
  const result = await context.db.transaction(async (tx): Promise<ReceivedMessage> => {
    if (message.externalId) {
      await repository.lockKey(tx, `inbound-id:${message.channel}:${message.externalId}`);
      const existing = await findInboundMessageId(tx, message.channel, message.externalId);
      if (existing !== null) return { duplicate: true, messageId: existing };
    }
    await repository.lockKey(tx, `inbound-contact:${message.channel}:${message.contact}`);

    const now = context.clock.now();
    // A reply to one of our emails belongs to that conversation: its open ticket, else its customer.
    const answeredMessage = message.references?.length
      ? await findAnsweredMessage(tx, message.channel, message.references)
      : null;
    const answered = answeredMessage && {
      customerId: answeredMessage.customerId,
      openTicket: answeredMessage.ticketId === null ? undefined : await findOpenTicket(tx, answeredMessage.ticketId),
    };
    const matchedCustomerId =
      (await matchCustomerByContact(tx, message.channel, message.contact)) ?? answered?.customerId ?? null;
    // The sender's open ticket, else their customer's (they wrote from another address); archived
    // ones too: the conversation goes on in it (tickets/open-ticket.ts).
    let ticket = answered?.openTicket ?? (await findOpenTicketOf(tx, { contact: message.contact }, message.channel));
    if (!ticket && matchedCustomerId !== null) {
      ticket = await findOpenTicketOf(tx, { customerId: matchedCustomerId }, message.channel);
    }
    const automatic = message.automatic === true;
    const newTicket = !ticket && !automatic;
    if (newTicket) {
      ticket = await openConversationTicket(tx, {
        channel: message.channel,
        contact: message.contact,
        subject: message.subject,
        customerId: matchedCustomerId,
        createdAt: now,
      });
    }
    // A customer's reply brings an archived ticket back to the queue, as helpdesks reopen on a reply:
    // the queue leaves archived tickets out, so otherwise nobody would be handed it. A robot's
    // message (already processed, owed no answer) leaves it where it is.
    if (ticket?.archivedAt && !automatic) ticket = await unarchiveOnCustomerReply(tx, ticket);
    // Likewise a snoozed ticket comes back, marked "Back from snooze" (decision 064).
    if (ticket?.snoozedAt && !automatic) ticket = await endSnoozeOnCustomerReply(tx, ticket, now);
    // A ticket staff already linked keeps its customer; the message belongs to that thread.
    const customerId = ticket?.customerId ?? matchedCustomerId;
    const ticketId = ticket?.id ?? null;
    const messageId = await recordInboundMessage(tx, {
      ticketId,
      customerId,
      type: message.channel,
      subject: message.subject,
      body: message.body,
      fromAddress: message.contact,
      toAddress: message.to,
      raw: message.raw,
      externalId: message.externalId,
      processed: automatic,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      employeeId: null,
      action: 'message.received',
      entityType: 'message',
      entityId: messageId,
      after: {
        channel: message.channel,
        contact: message.contact,
        ticketId,
        newTicket,
        customerId,
        externalId: message.externalId,
        automatic,
      },
    });
    // A new conversation opened after hours is answered once, by the Portal (decision 035).
    const autoResponseId =
      newTicket && ticket ? await queueAfterHoursResponse(tx, context, ticket, message.externalId, now) : null;
    return { duplicate: false, messageId, ticketId, customerId, newTicket, autoResponseId };
  });
  // After the commit: the outbox's worker sends it; the webhook never waits for a provider.
  if (!result.duplicate && result.autoResponseId !== null) context.outbox.nudge();
  return result;
}

// The parsers clean what they read (clean-text.ts); this net makes the rule hold for every string
// of every channel, present or added later, before any of it reaches a query.
function cleanMessage(message: InboundMessage): InboundMessage {
  return {
    ...message,
    contact: cleanText(message.contact),
    to: message.to === null ? null : cleanText(message.to),
    subject: message.subject === null ? null : cleanText(message.subject),
    body: cleanText(message.body),
    raw: cleanText(message.raw),
    externalId: message.externalId === null ? null : cleanText(message.externalId),
    ...(message.references ? { references: message.references.map(cleanText) } : {}),
  };
}
