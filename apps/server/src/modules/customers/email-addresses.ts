import type { CallBody, EmailInfoResponse, userPageCalls } from '@portal/contracts';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { checkedFieldValue, contactConflict } from './edit-customer-field.ts';
import * as repository from './repository.ts';

// A customer's email addresses: every one they have had stays in customer_emails; the primary one
// (where we write) is also customers.email.

// GET users/email_info.
export async function listEmailAddresses(
  context: Pick<CustomersDeps, 'db'>,
  customerId: number,
): Promise<EmailInfoResponse> {
  const customer = await repository.findCustomer(context.db, customerId);
  if (!customer) throw notFound(`Customer ${customerId} was not found.`);
  const emails = await repository.listCustomerEmails(context.db, customer);
  return {
    emails: emails.map((row) => ({ email: row.email, added_at: row.addedAt.toISOString(), primary: row.primary })),
  };
}

// POST users/add_info: another address, kept beside the old ones; primary makes it the one we write to.
export async function addEmailAddress(
  context: Pick<CustomersDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  input: CallBody<typeof userPageCalls.addUserInfo>,
): Promise<{ message: string }> {
  const email = checkedFieldValue(context, 'email', input.text);
  if (email === null) throw new Error('addEmailAddress: an email is never empty once checked');
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, input.user_id);
    if (!customer) throw notFound(`Customer ${input.user_id} was not found.`);
    const known = await repository.customerHasEmail(tx, customer.id, email);
    const makePrimary = input.primary && customer.email !== email;
    if ((known || customer.email === email) && !makePrimary)
      return { message: `${email} is already one of customer ${customer.id}'s emails; nothing changed.` };
    const forcedPast = await contactConflict(tx, customer.id, 'email', email, input.force);
    const now = context.clock.now();
    await repository.rememberCustomerEmail(tx, customer.id, customer.email, now);
    await repository.rememberCustomerEmail(tx, customer.id, email, now);
    if (makePrimary) await repository.updateCustomer(tx, customer.id, { email });
    await recordChange(tx, actor, 'customer.email_added', ['customer', customer.id], {
      before: { email: customer.email },
      after: {
        added: email,
        primary: makePrimary ? email : customer.email,
        ...(forcedPast !== null ? { forced: true, also_used_by_customer: forcedPast } : {}),
      },
    });
    const also = forcedPast !== null ? ` (forced: customer ${forcedPast} uses it too)` : '';
    return {
      message: makePrimary
        ? `${email} added and made the primary email (was ${customer.email})${also}.`
        : `${email} added to customer ${customer.id}'s emails${also}.`,
    };
  });
}
