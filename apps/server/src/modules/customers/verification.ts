import { eq } from 'drizzle-orm';
import { customers, type Executor } from '@portal/db';

// The customer's identity verification code (VERIFICATION_CODES) as the identity review sets it,
// in the review's transaction; the identifications module records what it decided.
export async function setCustomerVerification(tx: Executor, customerId: number, code: number, at: Date): Promise<void> {
  await tx.update(customers).set({ verified: code, verifiedAt: at }).where(eq(customers.id, customerId));
}
