import type { Database } from '@portal/db';
import type { Rekey, RekeyCount } from '../../platform/rekey.ts';
import { sealInBatches } from '../../platform/seal-in-batches.ts';
import { rekeyedSsnHashes } from '../customers/index.ts';
import { findAcdvSsnHashes, replaceAcdvSsnHashes } from './repository.ts';

// A new SECRETS_KEY (npm run reseal, decision 072): an ACDV request keeps only the keyed hash of the
// SSN the bureau sent (and its last four), never the digits, so its hash cannot be made again from
// them. Where it is the hash of a customer's SSN under the old key (the bureau's number is on file),
// it becomes that SSN's hash under the new key. Run before the customers' SSNs are re-keyed; one that
// matched no customer keeps its old hash and stays "does not match" (decision 072 says when that
// matters). Answers how many requests were re-hashed and how many kept their old hash.
export async function rekeyAcdvSsnHashes(db: Database, rekey: Rekey): Promise<RekeyCount & { unmatched: number }> {
  let unmatched = 0;
  const { sealed, seconds } = await sealInBatches({
    find: async (afterId) => {
      const rows = await findAcdvSsnHashes(db, afterId, 2_000);
      const rekeyed = await rekeyedSsnHashes(db, rekey, [...new Set(rows.map((row) => row.ssnHash))]);
      return rows.map((row) => ({ ...row, to: rekeyed.get(row.ssnHash) ?? null }));
    },
    seal: (row) => {
      if (row.to === null) unmatched += 1;
      return row;
    },
    replace: (rows) =>
      replaceAcdvSsnHashes(
        db,
        rows.flatMap((row) =>
          row.to === null || row.to === row.ssnHash ? [] : [{ id: row.id, from: row.ssnHash, to: row.to }],
        ),
      ),
  });
  return { resealed: sealed, unreadable: [], unmatched, seconds };
}
