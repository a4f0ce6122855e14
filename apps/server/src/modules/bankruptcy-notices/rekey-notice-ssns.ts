import type { Database } from '@portal/db';
import { isSealed } from '../../platform/secret-box.ts';
import { plainToReseal, rekeyInBatches, type Rekey, type RekeyCount } from '../../platform/rekey.ts';
import { SSN_FIELDS, noticeSsnContext, sealNoticeSsn, type StoredParsedData } from './notice-ssn.ts';
import { findNoticesWithSealedSsns, replaceParsedData } from './repository.ts';

// A new SECRETS_KEY (npm run reseal, decision 072): the debtors' whole SSNs in notices' parsed_data
// sealed again under it, each bound to its notice and field as before.
export function rekeyNoticeSsns(db: Database, rekey: Rekey): Promise<RekeyCount> {
  return rekeyInBatches({
    find: (afterId) => findNoticesWithSealedSsns(db, afterId, 1_000),
    reseal: (row) => {
      const to: StoredParsedData = { ...row.parsedData };
      let changed = false;
      for (const field of SSN_FIELDS) {
        const stored = row.parsedData[field] ?? null;
        // Four digits as the court printed them are stored as they are, never sealed.
        if (stored === null || !isSealed(stored)) continue;
        const plain = plainToReseal(rekey, stored, noticeSsnContext(row.id, field));
        if (plain === null) continue;
        to[field] = sealNoticeSsn(rekey.to.box, row.id, field, plain);
        changed = true;
      }
      return changed ? { id: row.id, from: row.parsedData, to } : null;
    },
    replace: (rows) => replaceParsedData(db, rows),
  });
}
