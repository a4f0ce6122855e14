import { eq } from 'drizzle-orm';
import { VERIFICATION_CODES } from '@portal/contracts';
import { identityReviews, type Executor, type IdentityAnalytics } from '@portal/db';
import { lockCustomer, setCustomerVerification } from '../customers/index.ts';
import * as repository from './repository.ts';
import { returnedRow } from '../../platform/returned-row.ts';

// New identity documents from a customer (the customer-side upload, the demo): the customer's
// code becomes -5 (documents received, pending review) unless they are on fraud hold, and their
// open review takes them, or a new one opens with what the application's checks found last time.

// A review opened by documents that came without an application's checks (none ran yet).
const NO_CHECKS: IdentityAnalytics = {
  aggregate_check: { pass: false, reason: 'No identity checks have run for these documents yet.' },
  checks: [],
};

export type IdentityFacts = {
  driversLicense: string | null;
  ekataFraudScore: number | null;
  analytics: IdentityAnalytics;
};

export async function openIdentityReview(
  tx: Executor,
  customerId: number,
  loanId: number | null,
  at: Date,
  facts?: IdentityFacts,
): Promise<number> {
  // The customer's row first: two uploads at once open one review, not two.
  const customer = await lockCustomer(tx, customerId);
  if (!customer) throw new Error(`openIdentityReview: customer ${customerId} not found`);
  if (customer.verified !== VERIFICATION_CODES.manualFraudHold)
    await setCustomerVerification(tx, customer.id, VERIFICATION_CODES.documentsReceived, at);
  const open = await repository.lockOpenReview(tx, customer.id);
  if (open) {
    if (loanId !== null && open.loanId !== loanId)
      await tx.update(identityReviews).set({ loanId }).where(eq(identityReviews.id, open.id));
    return open.id;
  }
  const last = facts ? null : await repository.findLatestReview(tx, customer.id);
  return returnedRow(
    await tx
      .insert(identityReviews)
      .values({
        customerId: customer.id,
        loanId,
        driversLicense: facts?.driversLicense ?? last?.driversLicense ?? null,
        ekataFraudScore: facts ? facts.ekataFraudScore : (last?.ekataFraudScore ?? null),
        analytics: facts?.analytics ?? last?.analytics ?? NO_CHECKS,
        openedAt: at,
      })
      .returning({ id: identityReviews.id }),
    'openIdentityReview: insert returned nothing',
  ).id;
}
