import {
  AUTO_RESPONSE_MACRO_TITLES,
  DEFAULT_AUTO_RESPONSES,
  fillAutoResponse,
  type AutoResponseCustomer,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import { recordAuditEvent } from '../../platform/audit.ts';
import { queueOutboundMessage } from '../../platform/outbound.ts';
import { isWithinBusinessHours } from '../analytics/index.ts';
import { clearanceOf, decideContact } from '../contact-rules/index.ts';
import { findCustomer } from '../customers/index.ts';
import type { InboundDeps } from './deps.ts';
import { findActiveMacroByTitle } from '../macros/index.ts';
import { replySubject } from '../tickets/index.ts';
import type { InboundChannel } from './repository.ts';

export type AutoRespondedTicket = {
  id: number;
  channel: InboundChannel;
  contact: string;
  subject: string | null;
  customerId: number | null;
};

// The after-hours auto-response (decision 035): a customer's message that opens a ticket outside
// business hours is answered once, from the outbox, by the Portal itself (no employee). Its text is
// the channel's macro (after_hours_text, after_hours_email) when one is active, else our default.
// Its placeholders are filled by fillAutoResponse (contracts), as the demo seed fills them.
// Nothing is sent to a customer the contact gate refuses (decision 046). Inside the caller's transaction; answers the
// queued message's id, or null when none was queued.
export async function queueAfterHoursResponse(
  tx: Executor,
  context: Pick<InboundDeps, 'clock' | 'contactRules'>,
  ticket: AutoRespondedTicket,
  inReplyTo: string | null,
  now: Date,
): Promise<number | null> {
  if (await isWithinBusinessHours(tx, now)) return null;
  const customer = ticket.customerId === null ? undefined : await findCustomerForReply(tx, ticket.customerId);
  // The customer has just written, so the gate never holds it; it refuses it to a customer marked
  // Do Not Contact (or under a cease request, or represented by an attorney): nothing is sent.
  const ask = {
    customerId: ticket.customerId,
    ticketId: ticket.id,
    channel: ticket.channel,
    path: 'auto_response',
    to: ticket.contact,
    employeeId: null,
  } as const;
  const decision = await decideContact(tx, context, ask);
  if (decision.verdict.verdict === 'refuse') return null;
  const macro = await findActiveMacroByTitle(tx, AUTO_RESPONSE_MACRO_TITLES[ticket.channel]);
  const body = macro ? fillAutoResponse(macro.body, customer) : DEFAULT_AUTO_RESPONSES[ticket.channel];
  const email = ticket.channel === 'email';
  const message = await queueOutboundMessage(
    tx,
    {
      type: ticket.channel,
      to: ticket.contact,
      subject: email ? replySubject(ticket.subject) : null,
      body,
      ticketId: ticket.id,
      customerId: ticket.customerId,
      employeeId: null,
      macroId: macro?.id ?? null,
      inReplyTo: email ? inReplyTo : null,
      autoResponse: true,
      clearance: clearanceOf(decision, ask),
    },
    now,
  );
  await recordAuditEvent(tx, {
    employeeId: null,
    action: 'ticket.auto_response_queued',
    entityType: 'ticket',
    entityId: ticket.id,
    after: { messageId: message.id, macroId: message.macroId, channel: ticket.channel },
  });
  return message.id;
}

type CustomerForReply = AutoResponseCustomer & { dnc: boolean };

async function findCustomerForReply(tx: Executor, customerId: number): Promise<CustomerForReply | undefined> {
  const customer = await findCustomer(tx, customerId);
  return (
    customer && {
      dnc: customer.dnc,
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email,
    }
  );
}
