import { eq } from 'drizzle-orm';
import { customers, type Executor } from '@portal/db';
import { conflict } from '../../platform/http-error.ts';

export function doNotContactRefusal(customerId: number, reason: string | null): string {
  return `Customer ${customerId} is marked Do Not Contact${reason ? ` (${reason})` : ''}: no text or email can be sent to them.`;
}

// Staff may not text or email a customer marked Do Not Contact (spec 000 section 5): the composer,
// replies, macros and letters all ask here, inside their transaction, before they queue anything.
export async function refuseIfDoNotContact(tx: Executor, customerId: number | null): Promise<void> {
  if (customerId === null) return;
  const [row] = await tx
    .select({ dnc: customers.dnc, reason: customers.dncReason })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (row?.dnc) throw conflict(doNotContactRefusal(customerId, row.reason));
}

// The customer's Do Not Contact flag, held (FOR SHARE) until the transaction ends, so it cannot be
// switched on between this check and the commit of what the caller queues to them.
export async function lockDoNotContact(tx: Executor, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ dnc: customers.dnc })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('share');
  return row?.dnc ?? false;
}
