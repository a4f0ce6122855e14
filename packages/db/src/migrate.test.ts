import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase, pendingMigrationCount } from './migrate.ts';
import { migrateBefore } from './testing/migrations-before.ts';

// What the readiness probe asks of the database (issue 42): how many migrations are still to run.

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ tag: string }>;
};

let handle: DatabaseHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('pendingMigrationCount', () => {
  it('counts every migration on a database never migrated, the ones left after a partial run, and none after', async () => {
    handle = await openDatabase({ kind: 'pglite-memory' });
    expect(await pendingMigrationCount(handle.db)).toBe(journal.entries.length);
    const lastTwo = journal.entries.at(-2)!.tag;
    await migrateBefore(handle, lastTwo);
    expect(await pendingMigrationCount(handle.db)).toBe(2);
    await migrateDatabase(handle);
    expect(await pendingMigrationCount(handle.db)).toBe(0);
  });
});
