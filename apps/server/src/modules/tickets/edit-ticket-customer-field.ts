import type { EditableUserField } from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { checkedFieldValue, editLockedCustomerField } from '../customers/index.ts';
import { findTicketCustomer } from './repository.ts';

// PATCH user_info: a field of the customer the ticket is linked to, checked before anything is read.
export async function editTicketCustomerField(
  context: TicketsDeps,
  actor: Actor,
  ticketId: number,
  field: EditableUserField,
  text: string,
) {
  const value = checkedFieldValue(context, field, text);
  return context.db.transaction(async (tx) => {
    const ticket = await findTicketCustomer(tx, ticketId);
    if (!ticket) throw notFound(`Ticket ${ticketId} was not found.`);
    if (ticket.customerId === null)
      throw conflict(`Ticket ${ticketId} is not linked to a customer; link it to an account first.`);
    return editLockedCustomerField(tx, context, actor, ticket.customerId, { field, text, force: false }, value);
  });
}
