import type { Database } from '@portal/db';
import { rekeyInBatches, type RekeyCount } from '../../platform/rekey.ts';
import { findPayloads, replacePayloads } from './repository.ts';

// A new SECRETS_KEY (npm run reseal, decision 072): what an action's approvals carry sealed (an SSN
// change's new number) sealed again. `rekey` is the owning module's: the payload with its secrets
// under the new key, or null when they are already; it throws SecretBoxError for one that opens
// with neither key. Decided approvals are re-keyed too, so nothing stays under the retired key.
export function rekeyApprovalPayloads(
  db: Database,
  action: string,
  rekey: (payload: unknown) => unknown,
): Promise<RekeyCount> {
  return rekeyInBatches({
    find: (afterId) => findPayloads(db, action, afterId, 500),
    reseal: (row) => {
      const to = rekey(row.payload);
      return to === null ? null : { id: row.id, from: row.payload, to };
    },
    replace: (rows) => replacePayloads(db, rows),
  });
}
