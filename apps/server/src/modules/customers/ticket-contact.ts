import type { Executor } from '@portal/db';
import type { Actor } from '../../platform/actor.ts';
import { badRequest, notFound } from '../../platform/http-error.ts';
import { normalizeEmailContact } from './contact.ts';
import * as customers from './repository.ts';

// What users/link_ticket (the tickets module) asks of the customer it links a ticket to.

// The customer the agent named: by ID, or by an email that is (or was) theirs.
export async function findLinkTarget(tx: Executor, target: { user_id?: number | null; email?: string | null }) {
  if (target.user_id) {
    if (!(await customers.findCustomer(tx, target.user_id)))
      throw notFound(`Customer ${target.user_id} was not found.`);
    return target.user_id;
  }
  const email = normalizeEmailContact(target.email ?? '');
  if (!email) throw badRequest(`${target.email ?? ''} is not an email address.`);
  const primary = await customers.findCustomerIdsByPrimaryEmail(tx, email);
  const ids = primary.length > 0 ? primary : await customers.findCustomerIdsByPastEmail(tx, email);
  if (ids.length === 0) throw notFound(`No customer has the email ${email}.`);
  if (ids.length > 1)
    throw badRequest(`More than one customer has used ${email} (IDs ${ids.join(', ')}); link by customer ID instead.`);
  return ids[0]!;
}

// The address the customer wrote a linked ticket from is kept, on the customer the caller locked:
// an email joins their email history; a phone number becomes theirs when they have none, else it is
// noted in their comments (there is no phone history). Answers what was kept, for the audit event.
export async function keepTicketContact(
  tx: Executor,
  actor: Pick<Actor, 'employeeId'>,
  customer: customers.CustomerRecord,
  ticket: { id: number; channel: string; contact: string },
  now: Date,
): Promise<Record<string, string>> {
  const kept: Record<string, string> = {};
  if (ticket.channel === 'email') {
    if (await customers.rememberCustomerEmail(tx, customer.id, ticket.contact, now)) kept.addedEmail = ticket.contact;
  } else if (customer.phoneNumber === null && /^\d{10}$/.test(ticket.contact)) {
    await customers.updateCustomer(tx, customer.id, { phoneNumber: ticket.contact });
    kept.phoneNumber = ticket.contact;
  } else if (customer.phoneNumber !== ticket.contact) {
    const body = `Texted us from ${ticket.contact} (ticket ${ticket.id}), which is not the phone number on file.`;
    await customers.insertCustomerComment(tx, {
      customerId: customer.id,
      employeeId: actor.employeeId,
      body,
      createdAt: now,
    });
    kept.comment = body;
  }
  return kept;
}
