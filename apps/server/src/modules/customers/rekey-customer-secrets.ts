import type { Database } from '@portal/db';
import { plainToReseal, rekeyInBatches, type Rekey, type RekeyCount } from '../../platform/rekey.ts';
import type { SealedSample } from '../../platform/sealed-samples.ts';
import { SecretBoxError } from '../../platform/secret-box.ts';
import { ssnHash } from '../../platform/ssn-sealing.ts';
import { findNewestSealedBankNumbers, findStoredBankNumbers, replaceBankNumbers } from './bank-account-repository.ts';
import { bankNumbersSealContext, openBankNumbers, sealBankNumbers } from './bank-numbers.ts';
import { ssnReplacementOf } from './seal-stored-ssns.ts';
import { sealSsn, ssnSealContext } from './ssn.ts';
import { findNewestSealedSsns, findSsnsByHashes, findStoredSsns, replaceStoredSsns } from './ssn-repository.ts';

// A new SECRETS_KEY (npm run reseal, decision 072): the customers' SSNs and bank accounts' numbers
// sealed again under it, and the SSNs' keyed hashes made again from the digits.
const ROWS_PER_BATCH = 2_000;

// Each customer's SSN: sealed, hashed and its last four written again together, so a customer's
// hash is always the hash under the key that sealed the number.
export function rekeyCustomerSsns(db: Database, rekey: Rekey): Promise<RekeyCount> {
  return rekeyInBatches({
    find: (afterId) => findStoredSsns(db, 'all', afterId, ROWS_PER_BATCH),
    reseal: (row) => {
      const plain = plainToReseal(rekey, row.stored, ssnSealContext(row.id));
      return plain === null ? null : ssnReplacementOf(rekey.to, row.id, plain, row.stored);
    },
    replace: (replacements) => replaceStoredSsns(db, replacements),
  });
}

export function rekeyBankNumbers(db: Database, rekey: Rekey): Promise<RekeyCount> {
  return rekeyInBatches({
    find: (afterId) => findStoredBankNumbers(db, 'all', afterId, ROWS_PER_BATCH),
    reseal: (row) => {
      const plain = plainToReseal(rekey, row.stored, bankNumbersSealContext(row.id));
      if (plain === null) return null;
      // The plain text is `<routing>:<account>`, read as the Portal reads a value from before sealing.
      return {
        id: row.id,
        from: row.stored,
        ...sealBankNumbers(rekey.to.box, row.id, openBankNumbers(rekey.to.box, row.id, plain)),
      };
    },
    replace: (replacements) => replaceBankNumbers(db, replacements),
  });
}

// For hashes kept without their digits (an ACDV request's SSN): each hash a customer's SSN has,
// with that SSN's hash under the new key (itself when the customer's SSN is re-keyed already). A
// hash no customer's SSN has cannot be made again (the digits were never kept): not in the answer.
export async function rekeyedSsnHashes(
  db: Database,
  rekey: Rekey,
  hashes: readonly string[],
): Promise<Map<string, string>> {
  const rekeyed = new Map<string, string>();
  for (const customer of await findSsnsByHashes(db, hashes)) {
    if (customer.ssnSealed === null || customer.ssnHash === null) continue;
    let plain: string | null;
    try {
      plain = plainToReseal(rekey, customer.ssnSealed, ssnSealContext(customer.id));
    } catch (error) {
      // Opens with neither key: the customers' own step names it.
      if (error instanceof SecretBoxError) continue;
      throw error;
    }
    if (plain === null) rekeyed.set(customer.ssnHash, customer.ssnHash);
    else if (/^\d{9}$/.test(plain)) rekeyed.set(customer.ssnHash, ssnHash(rekey.to, plain));
  }
  return rekeyed;
}

type SsnChangePayload = { customer_id: number; ssn: { sealed: string; hash: string; last4: string } };

// A held SSN change (approvals, decision 069) carries the new number sealed and hashed: the same
// payload with both under the new key, or null when it is already.
export function rekeySsnChangePayload(rekey: Rekey, payload: unknown): unknown {
  const change = payload as Partial<SsnChangePayload>;
  if (typeof change.customer_id !== 'number' || typeof change.ssn?.sealed !== 'string') return null;
  const plain = plainToReseal(rekey, change.ssn.sealed, ssnSealContext(change.customer_id));
  if (plain === null) return null;
  return { ...change, ssn: sealSsn(rekey.to, change.customer_id, plain) };
}

// The newest sealed SSNs and bank numbers, `each` of both, for the start's key check
// (platform/sealed-samples.ts).
export async function sealedCustomerSamples(db: Database, each: number): Promise<SealedSample[]> {
  const [ssns, banks] = await Promise.all([findNewestSealedSsns(db, each), findNewestSealedBankNumbers(db, each)]);
  return [
    ...ssns.map((row) => ({
      what: `customer ${row.id}'s SSN`,
      sealed: row.stored,
      associatedData: ssnSealContext(row.id),
    })),
    ...banks.map((row) => ({
      what: `bank account ${row.id}'s numbers`,
      sealed: row.stored,
      associatedData: bankNumbersSealContext(row.id),
    })),
  ];
}
