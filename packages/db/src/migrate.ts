import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { DatabaseHandle, Executor } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: it names the lock that keeps two starting API processes from migrating at once.
const MIGRATION_LOCK_ID = 7_310_042;

// Applies the migrations, then runs `afterwards` (first-start seeding) in a transaction, both under
// one advisory lock: of API processes starting together on one PostgreSQL database, one migrates
// and seeds while the others wait, then find it done.
export async function migrateDatabase(
  handle: DatabaseHandle,
  afterwards?: (tx: Executor) => Promise<void>,
): Promise<void> {
  await handle.exclusive(MIGRATION_LOCK_ID, async () => {
    await applyMigrations(handle, MIGRATIONS_FOLDER);
    if (afterwards) await handle.db.transaction(afterwards);
  });
}

// The pending migrations of a folder (drizzle's layout: meta/_journal.json and one .sql file per
// migration), in one transaction of the migrator's own.
export async function applyMigrations(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
}

// A folder's journal, read once: the probe asks often, and the files do not change under a process.
const journals = new Map<string, { entries: Array<{ when: number }> }>();
function journalOf(folder: string) {
  let journal = journals.get(folder);
  if (!journal) {
    journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    journals.set(folder, journal);
  }
  return journal;
}

// How many of the folder's migrations the database has not applied (0: up to date), as drizzle's
// migrator decides it: a migration is applied when the newest recorded one is not older than it
// (drizzle.__drizzle_migrations.created_at holds each migration's journal time). Read for the
// readiness probe (GET readyz): a process may answer before another has finished migrating.
export async function pendingMigrationCount(
  db: Executor,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<number> {
  const journal = journalOf(migrationsFolder);
  const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  // The table is made by the first migration run: none yet, nothing applied.
  const [table] = await rowsOf<{ found: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  const [applied] = table?.found
    ? await rowsOf<{ newest: string | null }>(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      )
    : [];
  const newest = Number(applied?.newest ?? -1);
  return journal.entries.filter((entry) => entry.when > newest).length;
}
