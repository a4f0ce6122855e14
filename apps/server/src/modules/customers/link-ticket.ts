import type { Executor } from '@portal/db';
import type { CallBody, customerCalls } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/http-error.ts';
import { assignTicketToCustomer, lockTicket } from '../tickets/index.ts';
import { normalizeEmailContact } from './contact.ts';
import * as customers from './repository.ts';

// users/link_ticket's body as its contract parsed it.
export type LinkTicketInput = CallBody<typeof customerCalls.linkTicket>;

// The customer the agent named: by ID, or by an email that is (or was) theirs.
async function findLinkTarget(tx: Executor, input: LinkTicketInput): Promise<number> {
  if (input.user_id) {
    if (!(await customers.findCustomer(tx, input.user_id))) throw notFound(`Customer ${input.user_id} was not found.`);
    return input.user_id;
  }
  const email = normalizeEmailContact(input.email ?? '');
  if (!email) throw badRequest(`${input.email ?? ''} is not an email address.`);
  const primary = await customers.findCustomerIdsByPrimaryEmail(tx, email);
  const ids = primary.length > 0 ? primary : await customers.findCustomerIdsByPastEmail(tx, email);
  if (ids.length === 0) throw notFound(`No customer has the email ${email}.`);
  if (ids.length > 1)
    throw badRequest(`More than one customer has used ${email} (IDs ${ids.join(', ')}); link by customer ID instead.`);
  return ids[0]!;
}

// POST users/link_ticket: the ticket and its messages belong to the customer from now on. The
// address the customer wrote from is kept: an email joins their email history; a phone number
// becomes theirs when they have none, else it is noted in their comments (there is no phone history).
export async function linkTicket(context: ServerContext, actor: Actor, input: LinkTicketInput) {
  return context.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticket_id);
    if (!ticket) throw notFound(`Ticket ${input.ticket_id} was not found.`);
    const customerId = await findLinkTarget(tx, input);
    const customer = await customers.lockCustomer(tx, customerId);
    if (!customer) throw notFound(`Customer ${customerId} was not found.`);
    const now = context.clock.now();

    await assignTicketToCustomer(tx, ticket.id, customerId);
    const kept: Record<string, string> = {};
    if (ticket.channel === 'email') {
      if (await customers.rememberCustomerEmail(tx, customerId, ticket.contact, now)) kept.addedEmail = ticket.contact;
    } else if (customer.phoneNumber === null && /^\d{10}$/.test(ticket.contact)) {
      await customers.updateCustomer(tx, customerId, { phoneNumber: ticket.contact });
      kept.phoneNumber = ticket.contact;
    } else if (customer.phoneNumber !== ticket.contact) {
      const body = `Texted us from ${ticket.contact} (ticket ${ticket.id}), which is not the phone number on file.`;
      await customers.insertCustomerComment(tx, { customerId, employeeId: actor.employeeId, body, createdAt: now });
      kept.comment = body;
    }
    await recordAuditEvent(tx, {
      ...actor,
      action: 'ticket.linked',
      entityType: 'ticket',
      entityId: ticket.id,
      before: { customerId: ticket.customerId },
      after: { customerId, ...kept },
    });
    return { ticket_id: ticket.id, user_id: customerId };
  });
}
