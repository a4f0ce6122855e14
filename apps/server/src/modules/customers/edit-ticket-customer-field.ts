import type { EditableUserField } from '@portal/contracts';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { findTicketCustomer } from '../tickets/index.ts';
import { applyFieldEdit, checkedFieldValue } from './edit-customer-field.ts';
import * as repository from './repository.ts';

// PATCH user_info: the customer the ticket is linked to. (Apart from edit-customer-field.ts, which
// index.ts exports: it asks the tickets module, which imports customers' index.ts.)
export async function editTicketCustomerField(
  context: ServerContext,
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
    const customer = await repository.lockCustomer(tx, ticket.customerId);
    if (!customer) throw notFound(`Customer ${ticket.customerId} was not found.`);
    return applyFieldEdit(tx, context, actor, customer, { field, text, force: false }, value);
  });
}
