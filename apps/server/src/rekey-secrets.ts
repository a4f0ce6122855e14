import type { Database } from '@portal/db';
import { rekeyApprovalPayloads } from './modules/approvals/index.ts';
import { rekeyNoticeSsns } from './modules/bankruptcy-notices/index.ts';
import { rekeyAcdvSsnHashes } from './modules/credit-reporting/index.ts';
import { rekeyBankNumbers, rekeyCustomerSsns, rekeySsnChangePayload } from './modules/customers/index.ts';
import { rekeyMfaSecrets } from './modules/session/index.ts';
import { rekeyBetween, type RekeyCount } from './platform/rekey.ts';

// npm run reseal (decision 072): everything SECRETS_KEY seals or keys a hash of, moved from the
// retired key to the new one, each by the module that owns it. Run again after a stop: what is
// under the new key already is skipped. The ACDV requests' hashes go before the customers' SSNs,
// since they are re-made from the customers' numbers while those are still under the old key.
export type RekeyReport = {
  mfaSecrets: RekeyCount;
  bankAccounts: RekeyCount;
  bankruptcyNotices: RekeyCount;
  ssnChangeApprovals: RekeyCount;
  acdvRequests: RekeyCount & { unmatched: number };
  customers: RekeyCount;
};

export async function rekeySecrets(db: Database, previous: Buffer, current: Buffer): Promise<RekeyReport> {
  const rekey = rekeyBetween(previous, current);
  const mfaSecrets = await rekeyMfaSecrets(db, rekey);
  const bankAccounts = await rekeyBankNumbers(db, rekey);
  const bankruptcyNotices = await rekeyNoticeSsns(db, rekey);
  const ssnChangeApprovals = await rekeyApprovalPayloads(db, 'ssn_change', (payload) =>
    rekeySsnChangePayload(rekey, payload),
  );
  const acdvRequests = await rekeyAcdvSsnHashes(db, rekey);
  const customers = await rekeyCustomerSsns(db, rekey);
  return { mfaSecrets, bankAccounts, bankruptcyNotices, ssnChangeApprovals, acdvRequests, customers };
}

// Rows whose value opens with neither key, as 'table id' lines (for the command's report).
export function unreadableRows(report: RekeyReport): string[] {
  const tables: Array<[string, RekeyCount]> = [
    ['employees (MFA secret)', report.mfaSecrets],
    ['bank_accounts', report.bankAccounts],
    ['bankruptcy_notices', report.bankruptcyNotices],
    ['approvals', report.ssnChangeApprovals],
    ['customers', report.customers],
  ];
  return tables.flatMap(([table, count]) => count.unreadable.map((id) => `${table} ${id}`));
}
