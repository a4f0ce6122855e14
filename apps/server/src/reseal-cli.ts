// npm run reseal (issue 42, decision 072; docs/operations.md, "Key rotation for SECRETS_KEY"): everything
// sealed or hashed under SECRETS_KEY_PREVIOUS sealed and hashed again under SECRETS_KEY. Reads the
// server's configuration (DATABASE_URL or DATA_DIR). On PGlite, run it while the Portal is stopped.
// Run it again after an interruption: what is under the new key already is skipped. Exits 1 when a
// value opens with neither key (listed by table and id), 2 when it cannot start.
import { migrateDatabase, openDatabase } from '@portal/db';
import { loadConfig } from './config.ts';
import { rekeySecrets, unreadableRows, type RekeyReport } from './rekey-secrets.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (!('key' in config.secrets))
  fail('npm run reseal needs SECRETS_KEY set to the new key (and SECRETS_KEY_PREVIOUS to the key being retired).');
if (!config.previousSecretsKey) fail('npm run reseal needs SECRETS_KEY_PREVIOUS: the key being retired.');

const database = await openDatabase(config.database);
let report: RekeyReport;
try {
  await migrateDatabase(database);
  report = await rekeySecrets(database.db, config.previousSecretsKey, config.secrets.key);
} finally {
  await database.close();
}

const lines: Array<[string, { resealed: number; seconds: number }, string?]> = [
  ['MFA secrets', report.mfaSecrets],
  ['bank accounts', report.bankAccounts],
  ['bankruptcy notices', report.bankruptcyNotices],
  ['held SSN changes', report.ssnChangeApprovals],
  [
    'ACDV requests (SSN hash)',
    report.acdvRequests,
    report.acdvRequests.unmatched > 0
      ? `, ${report.acdvRequests.unmatched.toLocaleString('en-US')} matching no customer's SSN keep their old hash`
      : '',
  ],
  ['customers (SSN and its hash)', report.customers],
];
for (const [what, count, extra] of lines) {
  console.log(
    `${what}: ${count.resealed.toLocaleString('en-US')} moved to the new key in ${count.seconds.toFixed(1)} s${extra ?? ''}`,
  );
}
const unreadable = unreadableRows(report);
if (unreadable.length > 0) {
  console.error(
    `${unreadable.length} value(s) open with neither key and were left as they are (a key other than these two sealed them):`,
  );
  for (const row of unreadable) console.error(`  ${row}`);
  process.exit(1);
}
console.log(
  'Everything is under SECRETS_KEY now. Keep SECRETS_KEY_PREVIOUS set until the links sent before the change have run out (docs/operations.md), then unset it and destroy the old key.',
);
