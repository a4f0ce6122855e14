// npm run acdv:import -- FILE [FILE ...]
// Imports ACDV request files (JSON or CSV, docs/acdv-import.md) as the /fcra screen's upload does:
// each record checked on its own, bad ones reported and skipped, control numbers already imported
// skipped as duplicates. Reads the same configuration as the server (DATABASE_URL or DATA_DIR,
// SECRETS_KEY, the file storage). On PGlite, run it while the server is stopped: one process at a
// time opens a PGlite directory. Exits 1 when a file could not be read or a record was skipped.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { migrateDatabase, openDatabase } from '@portal/db';
import { loadConfig, loadSecretsKey } from './config.ts';
import { importAcdvFile } from './modules/credit-reporting/index.ts';
import { systemClock } from './platform/clock.ts';
import { createDirectoryStorage } from './platform/storage.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Usage: npm run acdv:import -- FILE [FILE ...]  (JSON or CSV; see docs/acdv-import.md)');
  process.exit(2);
}

const config = loadConfig();
const secretsKey = loadSecretsKey(config.secrets);
const storage =
  config.storage.driver === 's3'
    ? (await import('./platform/s3-storage.ts')).createS3Storage(config.storage)
    : createDirectoryStorage(config.storage.dir);
const database = await openDatabase(config.database);
let failed = false;
try {
  await migrateDatabase(database);
  const context = {
    db: database.db,
    storage,
    secretsKey,
    clock: systemClock,
    businessTimeZone: config.businessTimeZone,
  };
  for (const path of files) {
    let content: Buffer;
    try {
      content = await readFile(path);
    } catch (error) {
      console.error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
      continue;
    }
    const result = await importAcdvFile(
      context,
      { employeeId: null, ipAddress: null },
      { fileName: basename(path), content },
    );
    if (result.error) {
      console.error(result.error);
      failed = true;
      continue;
    }
    console.log(
      `${path}: ${result.imported} imported, ${result.duplicates.length} already imported, ${result.skipped.length} skipped.`,
    );
    for (const number of result.duplicates) console.log(`  ${number}: already imported`);
    for (const problem of result.skipped) {
      failed = true;
      console.log(
        `  record ${problem.record}${problem.control_number ? ` (${problem.control_number})` : ''}: ${problem.errors.join(' ')}`,
      );
    }
  }
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
