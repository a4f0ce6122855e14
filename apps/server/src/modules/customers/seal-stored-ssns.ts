import { unvalidatedSsnDigits } from '@portal/contracts';
import type { Database } from '@portal/db';
import { ssnKeysFor, type SsnKeys } from '../../platform/ssn-sealing.ts';
import { sealSsn, ssnSealContext } from './ssn.ts';
import { findUnsealedSsns, replaceUnsealedSsns, type SsnReplacement } from './ssn-repository.ts';

// Rows sealed a statement at a time: one array per column (decision 006), each batch committed.
const ROWS_PER_BATCH = 5_000;

export type SsnSealingReport = { sealed: number; seconds: number };

// At start (main.ts), after the migrations: SSNs stored in plain text before migration 0011 (which
// moved them to ssn_sealed as they were) are sealed, hashed and their last four kept, in batches.
// Each row is replaced only if it still holds the value read, so API processes starting together
// seal it once. A blank value becomes no SSN; one that is not nine digits is sealed as it was
// written, with no hash (no search finds it) and the last four digits it ends with, if any.
export async function sealStoredSsns(db: Database, secretsKey: Buffer): Promise<SsnSealingReport> {
  const started = performance.now();
  const keys = ssnKeysFor(secretsKey);
  let sealed = 0;
  let afterId = 0;
  // The next batch is read and sealed while the database writes the previous one; at most one
  // waits, so memory stays flat.
  let writing: Promise<number> = Promise.resolve(0);
  for (;;) {
    const batch = await findUnsealedSsns(db, afterId, ROWS_PER_BATCH);
    const last = batch.at(-1);
    if (!last) break;
    afterId = last.id;
    const replacements = batch.map((row) => replacementOf(keys, row.id, row.stored));
    sealed += await writing;
    writing = replaceUnsealedSsns(db, replacements);
    // Handled when awaited; this keeps a failure meanwhile from counting as unhandled.
    writing.catch(() => undefined);
  }
  sealed += await writing;
  return { sealed, seconds: (performance.now() - started) / 1000 };
}

function replacementOf(keys: SsnKeys, customerId: number, stored: string): SsnReplacement {
  const digits = unvalidatedSsnDigits(stored);
  if (digits) return { id: customerId, from: stored, ...sealSsn(keys, customerId, digits) };
  const written = stored.trim();
  if (written === '') return { id: customerId, from: stored, sealed: null, hash: null, last4: null };
  return {
    id: customerId,
    from: stored,
    sealed: keys.box.seal(written, ssnSealContext(customerId)),
    hash: null,
    last4: /(\d{4})$/.exec(written.replace(/[\s-]/g, ''))?.[1] ?? null,
  };
}
