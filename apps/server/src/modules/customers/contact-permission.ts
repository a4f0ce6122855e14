import { eq } from 'drizzle-orm';
import { customers, type Executor } from '@portal/db';

// What the contact gate (modules/contact-rules, decision 046) asks of the customer: their contact
// flags and their state. Held (FOR SHARE) until the sender's transaction ends, so no flag can be
// switched on between the gate's verdict and the commit of what the sender queues to them.
export type CustomerContactFlags = {
  dnc: boolean;
  dncReason: string | null;
  cease: boolean;
  attorney: boolean;
  attorneyContext: string | null;
  // Where they may be (the gate's time zones): their state, ZIP and phone's area code.
  state: string | null;
  zip: string | null;
  phoneNumber: string | null;
};

export async function lockContactFlags(tx: Executor, customerId: number): Promise<CustomerContactFlags | undefined> {
  const [row] = await tx
    .select({
      dnc: customers.dnc,
      dncReason: customers.dncReason,
      cease: customers.cease,
      attorney: customers.attorney,
      attorneyContext: customers.attorneyContext,
      state: customers.state,
      zip: customers.zip,
      phoneNumber: customers.phoneNumber,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('share');
  return row;
}
