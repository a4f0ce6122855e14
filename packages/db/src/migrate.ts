import { fileURLToPath } from 'node:url';
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
