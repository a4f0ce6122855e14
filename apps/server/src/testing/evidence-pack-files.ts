import { eq } from 'drizzle-orm';
import { strFromU8 } from 'fflate';
import { createCustomer } from '@portal/db/testing';
import { customers, type Database } from '@portal/db';
import { createSsnSealer } from '../modules/customers/index.ts';
import { TEST_SECRETS_KEY } from './test-app.ts';

// What the evidence pack's tests share: a customer whose whole SSN is sealed as the Portal keeps it,
// and the text and rows of a file of an unzipped pack.

export async function customerWithSealedSsn(
  db: Database,
  names: { firstName: string; lastName: string },
  ssn: string,
): Promise<Awaited<ReturnType<typeof createCustomer>>> {
  const customer = await createCustomer(db, names);
  const sealed = createSsnSealer(TEST_SECRETS_KEY)(customer.id, ssn);
  await db
    .update(customers)
    .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
    .where(eq(customers.id, customer.id));
  return customer;
}

export function packText(files: Record<string, Uint8Array>, path: string): string {
  const file = files[path];
  if (!file) throw new Error(`${path} is not in the pack: ${Object.keys(files).join(', ')}`);
  return strFromU8(file);
}

// A CSV file's lines, the header first.
export const csvLines = (content: string) => content.trimEnd().split('\r\n');
