import type { Executor } from '@portal/db';
import type { CustomersDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// A note on the customer's account with its author and time, and its audit event, in the caller's
// transaction: the comments box's, and the notes other changes leave (a processed bankruptcy
// notice, a resolved dispute). `context` goes into the audit record beside the note.
export async function writeCustomerComment(
  tx: Executor,
  actor: Pick<Actor, 'employeeId' | 'ipAddress'>,
  note: { customerId: number; body: string; at: Date; context?: Record<string, unknown> },
): Promise<void> {
  await repository.insertCustomerComment(tx, {
    customerId: note.customerId,
    employeeId: actor.employeeId,
    body: note.body,
    createdAt: note.at,
  });
  await recordAuditEvent(tx, {
    employeeId: actor.employeeId,
    ipAddress: actor.ipAddress,
    action: 'customer.comment_added',
    entityType: 'customer',
    entityId: note.customerId,
    after: { body: note.body, ...note.context },
  });
}

// POST users/comments: a note on the customer from the comments box.
export async function addCustomerComment(
  context: Pick<CustomersDeps, 'db' | 'clock'>,
  actor: Actor,
  customerId: number,
  body: string,
) {
  return context.db.transaction(async (tx) => {
    const customer = await repository.lockCustomer(tx, customerId);
    if (!customer) throw notFound(`Customer ${customerId} was not found.`);
    await writeCustomerComment(tx, actor, { customerId, body, at: context.clock.now() });
    return { message: 'Comment added.' };
  });
}
