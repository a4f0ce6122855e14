// npm run backup -- DIR and npm run restore -- DIR (issue 42, decision 071; backup.ts). Read the
// same configuration as the server: DATABASE_URL (PostgreSQL, with pg_dump and pg_restore on the
// PATH) or DATA_DIR (PGlite: run it while the Portal is stopped, one process opens a PGlite
// directory), and STORAGE_DIR or the S3 settings. Keep SECRETS_KEY apart from the backups.
import { resolve } from 'node:path';
import { BackupError, backupPortal, restorePortal } from './backup.ts';
import { loadConfig } from './config.ts';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';

const USAGE = 'Usage: npm run backup -- DIR   |   npm run restore -- DIR';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const [command, dir, ...rest] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !dir || rest.length > 0) fail(USAGE);

const config = loadConfig();
const storage: FileStorage =
  config.storage.driver === 's3'
    ? (await import('./platform/s3-storage.ts')).createS3Storage(config.storage)
    : createDirectoryStorage(config.storage.dir);
const where = resolve(dir);
const started = performance.now();
try {
  if (command === 'backup') {
    const manifest = await backupPortal(config.database, storage, where);
    console.log(
      `Backed up the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database (${(manifest.database.bytes / 1e6).toFixed(1)} MB) and ${manifest.files.count.toLocaleString('en-US')} files (${(manifest.files.bytes / 1e6).toFixed(1)} MB) to ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s. Keep SECRETS_KEY apart from it: the SSNs and bank numbers in it open only with that key.`,
    );
  } else {
    const manifest = await restorePortal(where, config.database, storage);
    console.log(
      `Restored the backup of ${manifest.created_at} (${manifest.files.count.toLocaleString('en-US')} files) in ${((performance.now() - started) / 1000).toFixed(1)} s. Start the Portal with the SECRETS_KEY it was made with; migrations newer than the backup apply at start.`,
    );
  }
} catch (error) {
  if (error instanceof BackupError) fail(error.message);
  throw error;
}
