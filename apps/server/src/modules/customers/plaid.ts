import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// PATCH users/allow_new_plaid. While plaid_needs_update_mode is set the customer app only lets the
// customer repair their existing Plaid connection (Plaid's update mode), and the user card shows
// 'Allow User to create a new Plaid connection'; the button sets the flag off, so the app offers a
// new connection instead.
export async function allowNewPlaidConnection(context: Pick<CustomersDeps, 'db'>, actor: Actor, customerId: number) {
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, customerId);
    if (!customer) throw notFound(`Customer ${customerId} was not found.`);
    if (!customer.plaidNeedsUpdateMode)
      return { message: `Customer ${customerId} can already create a new Plaid connection; nothing changed.` };
    await repository.updateCustomer(tx, customerId, { plaidNeedsUpdateMode: false });
    await recordChange(tx, actor, 'customer.plaid_new_connection_allowed', ['customer', customerId], {
      before: { plaid_needs_update_mode: true },
      after: { plaid_needs_update_mode: false },
    });
    return { message: `Customer ${customerId} can now create a new Plaid connection in the app.` };
  });
}
