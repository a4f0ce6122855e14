import { unvalidatedSsnDigits } from '@portal/contracts';
import type { Database } from '@portal/db';
import { sealInBatches } from '../../platform/seal-in-batches.ts';
import { ssnKeysFor, type SsnKeys } from '../../platform/ssn-sealing.ts';
import { sealSsn, ssnSealContext } from './ssn.ts';
import { findStoredSsns, replaceStoredSsns, type SsnReplacement } from './ssn-repository.ts';

// Rows sealed a statement at a time: one array per column (decision 006), each batch committed
// (platform/seal-in-batches.ts).
const ROWS_PER_BATCH = 5_000;

export type SsnSealingReport = { sealed: number; seconds: number };

// At start (main.ts), after the migrations: SSNs stored in plain text before migration 0011 (which
// moved them to ssn_sealed as they were) are sealed, hashed and their last four kept, in batches.
// Each row is replaced only if it still holds the value read, so API processes starting together
// seal it once (platform/seal-in-batches.ts). A blank value becomes no SSN; one that is not nine
// digits is sealed as it was written, with no hash (no search finds it) and the last four digits it
// ends with, if any.
export async function sealStoredSsns(db: Database, secretsKey: Buffer): Promise<SsnSealingReport> {
  const keys = ssnKeysFor(secretsKey);
  return sealInBatches({
    find: (afterId) => findStoredSsns(db, 'unsealed', afterId, ROWS_PER_BATCH),
    seal: (row) => ssnReplacementOf(keys, row.id, row.stored),
    replace: (replacements) => replaceStoredSsns(db, replacements),
  });
}

// What a customer's SSN, `plain` as it was written, is stored as; `from` is the value read (the
// plain text itself, or its sealing under a retired key, rekey-ssns.ts).
export function ssnReplacementOf(keys: SsnKeys, customerId: number, plain: string, from = plain): SsnReplacement {
  const digits = unvalidatedSsnDigits(plain);
  if (digits) return { id: customerId, from, ...sealSsn(keys, customerId, digits) };
  const written = plain.trim();
  if (written === '') return { id: customerId, from, sealed: null, hash: null, last4: null };
  return {
    id: customerId,
    from,
    sealed: keys.box.seal(written, ssnSealContext(customerId)),
    hash: null,
    last4: /(\d{4})$/.exec(written.replace(/[\s-]/g, ''))?.[1] ?? null,
  };
}
