import type { CallBody, customerCalls } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { findLinkTarget, keepTicketContact, lockCustomer } from '../customers/index.ts';
import { assignTicketToCustomer, lockTicket } from './repository.ts';

// users/link_ticket's body as its contract parsed it.
export type LinkTicketInput = CallBody<typeof customerCalls.linkTicket>;

// POST users/link_ticket: the ticket and its messages belong to the customer from now on, and the
// address the customer wrote from is kept on the customer (customers' keepTicketContact).
export async function linkTicket(context: TicketsDeps, actor: Actor, input: LinkTicketInput) {
  return context.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticket_id);
    if (!ticket) throw notFound(`Ticket ${input.ticket_id} was not found.`);
    const customerId = await findLinkTarget(tx, input);
    const customer = await lockCustomer(tx, customerId);
    if (!customer) throw notFound(`Customer ${customerId} was not found.`);
    const now = context.clock.now();

    await assignTicketToCustomer(tx, ticket.id, customerId);
    const kept = await keepTicketContact(tx, actor, customer, ticket, now);
    await recordChange(tx, actor, 'ticket.linked', ['ticket', ticket.id], {
      before: { customerId: ticket.customerId },
      after: { customerId, ...kept },
    });
    return { ticket_id: ticket.id, user_id: customerId };
  });
}
