import { asc, eq } from 'drizzle-orm';
import { debitAuthorizations, debitStops, type Executor } from '@portal/db';
import type { DebitAuthorizationRecord, DebitStopRecord } from './debit-stop-repository.ts';

// Reads of a customer's whole debit history for other modules (the evidence pack, decision 050):
// every failed-debit stop (12 CFR 1041.8(b)) and every new authorization (1041.8(c)), oldest first.

export async function findDebitStopsOfCustomer(tx: Executor, customerId: number): Promise<DebitStopRecord[]> {
  return tx
    .select()
    .from(debitStops)
    .where(eq(debitStops.customerId, customerId))
    .orderBy(asc(debitStops.stoppedAt), asc(debitStops.id));
}

export async function findDebitAuthorizationsOfCustomer(
  tx: Executor,
  customerId: number,
): Promise<DebitAuthorizationRecord[]> {
  return tx
    .select()
    .from(debitAuthorizations)
    .where(eq(debitAuthorizations.customerId, customerId))
    .orderBy(asc(debitAuthorizations.givenAt), asc(debitAuthorizations.id));
}
