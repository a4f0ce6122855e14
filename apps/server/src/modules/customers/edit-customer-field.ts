import { eq } from 'drizzle-orm';
import { validateUserField, type EditableUserField } from '@portal/contracts';
import { customers, tickets, type Executor } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// The customers column behind each editable field of the wire.
const COLUMNS = {
  first_name: 'firstName',
  middle_initial: 'middleInitial',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
  birthday: 'birthday',
  street: 'street',
  city: 'city',
  state: 'state',
  zip: 'zip',
} as const satisfies Record<EditableUserField, keyof typeof customers.$inferSelect>;

const LABELS: Record<EditableUserField, string> = {
  first_name: 'First name',
  middle_initial: 'Middle initial',
  last_name: 'Last name',
  email: 'Email',
  phone_number: 'Phone number',
  birthday: 'Birthday',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
};

async function findTicketCustomerId(
  db: Executor,
  ticketId: number,
): Promise<{ customerId: number | null } | undefined> {
  const [ticket] = await db.select({ customerId: tickets.customerId }).from(tickets).where(eq(tickets.id, ticketId));
  return ticket;
}

// PATCH user_info: one personal field of the ticket's customer, checked by the rules of spec 000
// section 5. A changed email keeps the old address in the customer's email history.
export async function editTicketCustomerField(
  context: ServerContext,
  actor: Actor,
  ticketId: number,
  field: EditableUserField,
  text: string,
) {
  const check = validateUserField(field, text);
  if (!check.ok) throw badRequest(check.error);
  // An empty middle initial clears it.
  const value = field === 'middle_initial' && check.value === '' ? null : check.value;
  return context.db.transaction(async (tx) => {
    const ticket = await findTicketCustomerId(tx, ticketId);
    if (!ticket) throw notFound(`Ticket ${ticketId} was not found.`);
    if (ticket.customerId === null)
      throw conflict(`Ticket ${ticketId} is not linked to a customer; link it to an account first.`);
    const customer = await repository.lockCustomer(tx, ticket.customerId);
    if (!customer) throw notFound(`Customer ${ticket.customerId} was not found.`);
    const column = COLUMNS[field];
    const before = customer[column];
    if (before === value) return { message: `${LABELS[field]} is already ${value ?? 'empty'}; nothing changed.` };

    if (field === 'email' && value !== null) {
      const other = await repository.findOtherCustomerWithEmail(tx, customer.id, value);
      if (other !== null) throw conflict(`Another customer (ID ${other}) already uses ${value} as their email.`);
      const now = context.clock.now();
      await repository.rememberCustomerEmail(tx, customer.id, customer.email, now);
      await repository.rememberCustomerEmail(tx, customer.id, value, now);
    }
    await repository.updateCustomer(tx, customer.id, { [column]: value });
    await recordAuditEvent(tx, {
      ...actor,
      action: 'customer.field_changed',
      entityType: 'customer',
      entityId: customer.id,
      before: { [field]: before },
      after: { [field]: value },
    });
    if (value === null) return { message: `${LABELS[field]} cleared (was ${before}).` };
    return {
      message: before ? `${LABELS[field]} changed from ${before} to ${value}.` : `${LABELS[field]} set to ${value}.`,
    };
  });
}
