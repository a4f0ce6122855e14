import type { Database } from '@portal/db';
import { sealInBatches } from '../../platform/seal-in-batches.ts';
import { ssnKeysFor } from '../../platform/ssn-sealing.ts';
import { findStoredBankNumbers, replaceBankNumbers } from './bank-account-repository.ts';
import { openBankNumbers, sealBankNumbers } from './bank-numbers.ts';

// Rows sealed a statement at a time, each batch committed (platform/seal-in-batches.ts).
const ROWS_PER_BATCH = 5_000;

// At start, after the migrations: routing and account numbers stored in plain text before
// migration 0041 (which moved them to numbers_sealed as `<routing>:<account>`), or by a seed given
// no sealer, are sealed in batches (decision 070). Each row is replaced only if it still holds the
// value read, so API processes starting together seal it once.
export async function sealStoredBankNumbers(
  db: Database,
  secretsKey: Buffer,
): Promise<{ sealed: number; seconds: number }> {
  const { box } = ssnKeysFor(secretsKey);
  return sealInBatches({
    find: (afterId) => findStoredBankNumbers(db, 'unsealed', afterId, ROWS_PER_BATCH),
    seal: (row) => ({
      id: row.id,
      from: row.stored,
      ...sealBankNumbers(box, row.id, openBankNumbers(box, row.id, row.stored)),
    }),
    replace: (replacements) => replaceBankNumbers(db, replacements),
  });
}
