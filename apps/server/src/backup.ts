import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, pendingMigrationCount, type DatabaseHandle, type DatabaseTarget } from '@portal/db';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';

// npm run backup -- DIR and npm run restore -- DIR (issue 42, decision 071). A backup is a
// directory: the database (PostgreSQL: pg_dump's custom format; PGlite: its data directory as a
// tar, taken while no Portal has it open), every stored file under files/ (copied key by key
// through the storage's own list and read, so a directory and an S3 bucket back up alike), and
// manifest.json saying what is there. SECRETS_KEY is never in it: a stolen backup must not open the
// SSNs and bank numbers it holds. A restore goes into an empty database and an empty storage only.

export const BACKUP_FORMAT = 'portal-backup-1';
const MANIFEST = 'manifest.json';
const POSTGRES_DUMP = 'database.dump';
const PGLITE_DUMP = 'database.tar';
const FILES = 'files';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  created_at: string;
  database: { kind: 'postgres' | 'pglite'; file: string; sha256: string; bytes: number; migrations_pending: number };
  files: { count: number; bytes: number };
};

export class BackupError extends Error {}

// Streamed: a dump of a large database does not fit in memory.
async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// pg_dump and pg_restore, with their arguments as a list (no shell), their errors kept.
function runTool(tool: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} was not found: install PostgreSQL's client tools (Debian: apt install postgresql-client), the same major version as the server or newer.`
            : `${tool} could not start: ${error.message}`,
        ),
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} failed (exit code ${code}): ${errors.trim()}`)),
    );
  });
}

// Every key of a storage, page by page.
async function* keysOf(storage: FileStorage): AsyncGenerator<string> {
  let continuation: string | null = null;
  do {
    const page = await storage.list('', { continuation });
    yield* page.keys;
    continuation = page.continuation;
  } while (continuation !== null);
}

async function copyFiles(from: FileStorage, to: FileStorage): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for await (const key of keysOf(from)) {
    const content = await from.read(key);
    if (content === null) continue;
    await to.write(key, content);
    count += 1;
    bytes += content.length;
  }
  return { count, bytes };
}

function assertEmptyDirectory(dir: string, what: string): void {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: ${what} goes into a new or empty directory, never over another.`);
}

export async function backupPortal(target: DatabaseTarget, storage: FileStorage, dir: string): Promise<BackupManifest> {
  assertEmptyDirectory(dir, 'a backup');
  mkdirSync(dir, { recursive: true });
  let database: BackupManifest['database'];
  if (target.kind === 'postgres') {
    const file = join(dir, POSTGRES_DUMP);
    await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url]);
    const handle = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 });
    database = { kind: 'postgres', file: POSTGRES_DUMP, sha256: '', bytes: 0, migrations_pending: 0 };
    try {
      database.migrations_pending = await pendingMigrationCount(handle.db);
    } finally {
      await handle.close();
    }
  } else if (target.kind === 'pglite') {
    if (!existsSync(target.dataDir)) throw new BackupError(`${target.dataDir} holds no database to back up.`);
    const handle = await openDatabase({ kind: 'pglite', dataDir: target.dataDir });
    try {
      const pending = await pendingMigrationCount(handle.db);
      const tar = Buffer.from(await (await handle.dump!()).arrayBuffer());
      writeFileSync(join(dir, PGLITE_DUMP), tar);
      database = { kind: 'pglite', file: PGLITE_DUMP, sha256: '', bytes: 0, migrations_pending: pending };
    } finally {
      await handle.close();
    }
  } else throw new BackupError('An in-memory database has nothing to back up.');
  const databaseFile = join(dir, database.file);
  database.sha256 = await sha256Of(databaseFile);
  database.bytes = statSync(databaseFile).size;
  mkdirSync(join(dir, FILES));
  const files = await copyFiles(storage, createDirectoryStorage(join(dir, FILES)));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: new Date().toISOString(),
    database,
    files,
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST}.`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${dir} is a backup of another format (${String(manifest.format)}), not ${BACKUP_FORMAT}.`);
  const file = join(dir, manifest.database.file);
  if (!existsSync(file) || (await sha256Of(file)) !== manifest.database.sha256)
    throw new BackupError(`${file} is missing or not the file the backup wrote (its SHA-256 differs).`);
  return manifest;
}

async function assertEmptyDatabase(handle: DatabaseHandle): Promise<void> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`,
  )) as unknown as { rows: Array<{ tables: number }> };
  if (Number(result.rows[0]?.tables ?? 0) > 0)
    throw new BackupError('The database to restore into is not empty: a restore goes into a new, empty database.');
}

async function assertEmptyStorage(storage: FileStorage): Promise<void> {
  const page = await storage.list('', { limit: 1 });
  if (page.keys.length > 0)
    throw new BackupError('The file storage to restore into is not empty: a restore goes into an empty one.');
}

export async function restorePortal(
  dir: string,
  target: DatabaseTarget,
  storage: FileStorage,
): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  await assertEmptyStorage(storage);
  if (manifest.database.kind === 'postgres') {
    if (target.kind !== 'postgres')
      throw new BackupError(
        'This backup is of a PostgreSQL database: set DATABASE_URL to the empty database to restore it into.',
      );
    const handle = await openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 });
    try {
      await assertEmptyDatabase(handle);
    } finally {
      await handle.close();
    }
    await runTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      // All or nothing: a restore that fails leaves the database as empty as it found it.
      '--single-transaction',
      `--dbname=${target.url}`,
      join(dir, manifest.database.file),
    ]);
  } else {
    if (target.kind !== 'pglite')
      throw new BackupError(
        'This backup is of the embedded database (PGlite): unset DATABASE_URL and set DATA_DIR to restore it.',
      );
    assertEmptyDirectory(target.dataDir, 'a restored database');
    const from = new Blob([readFileSync(join(dir, manifest.database.file))]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: target.dataDir, from });
    await handle.close();
  }
  await copyFiles(createDirectoryStorage(join(dir, FILES)), storage);
  return manifest;
}
