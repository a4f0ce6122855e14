import { asc } from 'drizzle-orm';
import { customers, type Executor } from '@portal/db';

export type DemoRecipient = { id: number; firstName: string; lastName: string; email: string };

// The customers with the lowest ids: the first of the demo data.
export async function findFirstCustomers(db: Executor, count: number): Promise<DemoRecipient[]> {
  return db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(count);
}
