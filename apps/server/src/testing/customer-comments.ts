import { asc, eq } from 'drizzle-orm';
import { customerComments, type Database } from '@portal/db';

// The notes on a customer's account, oldest first: what a test reads after a change that leaves one.
export function customerCommentsOf(db: Database, customerId: number) {
  return db
    .select()
    .from(customerComments)
    .where(eq(customerComments.customerId, customerId))
    .orderBy(asc(customerComments.id));
}
