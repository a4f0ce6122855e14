import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// POST users/comments: a note on the customer from the comments box, with its author and time.
export async function addCustomerComment(context: ServerContext, actor: Actor, customerId: number, body: string) {
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, customerId);
    if (!customer) throw notFound(`Customer ${customerId} was not found.`);
    await repository.insertCustomerComment(tx, {
      customerId,
      employeeId: actor.employeeId,
      body,
      createdAt: context.clock.now(),
    });
    await recordAuditEvent(tx, {
      ...actor,
      action: 'customer.comment_added',
      entityType: 'customer',
      entityId: customerId,
      after: { body },
    });
    return { message: 'Comment added.' };
  });
}
