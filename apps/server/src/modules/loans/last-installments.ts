import type { Transaction } from '@portal/db';
import * as repository from './repository.ts';
import type { PaymentRecord } from './repository.ts';

export type LoweredInstallment = { id: number; before: number; after: number };

// Takes `cents` off installments, latest due first; one brought to nothing is cancelled (marked
// invalid). What a larger payment and a credit do to the rest of the schedule, so the customer
// finishes sooner and the total owed falls by exactly what was paid or credited. Stops when the
// cents run out or the installments do; answers each installment it changed.
export async function lowerLastInstallments(
  tx: Transaction,
  installments: readonly PaymentRecord[],
  cents: number,
  now: Date,
): Promise<LoweredInstallment[]> {
  const latestFirst = [...installments].sort((a, b) => b.due.localeCompare(a.due) || b.id - a.id);
  let remaining = cents;
  const lowered: LoweredInstallment[] = [];
  for (const payment of latestFirst) {
    if (remaining === 0) break;
    const taken = Math.min(remaining, payment.expectedAmountCents);
    remaining -= taken;
    const left = payment.expectedAmountCents - taken;
    await repository.updatePayment(
      tx,
      payment.id,
      left === 0 ? { expectedAmountCents: 0, invalidAt: now } : { expectedAmountCents: left },
    );
    lowered.push({ id: payment.id, before: payment.expectedAmountCents, after: left });
  }
  return lowered;
}
