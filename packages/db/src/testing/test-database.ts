import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createPglite, openDatabase, type Database, type DatabaseHandle } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { migrateBefore } from './migrations-before.ts';
import { leasePglite } from './pglite-pool.ts';
import { leasePostgres } from './postgres-pool.ts';
import { databaseUrl, withAdminClient, type TemplateDatabase } from './template-database.ts';

// url: the PostgreSQL database's address, for a test that opens a second handle (a second process).
export type TestDatabase = DatabaseHandle & { db: Database; url?: string };

// The run's migrated template, read once per test file's process.
let pgliteTemplate: Blob | undefined;

// A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set, a
// PostgreSQL database on that server. Both are copies of the run's template (template-database.ts),
// or one an earlier file of the worker closed, reset to it (pglite-pool.ts, postgres-pool.ts);
// without a template (a project with no globalSetup) the database is migrated here. With `before` (a
// migration's tag, "0011_ssn_at_rest"), the database is a new one as it stood before that migration,
// for a test of the migration itself. With `engine: 'pglite'` it is PGlite whatever DATABASE_URL
// says, for a test of what is PGlite's own (decision 055).
export async function openTestDatabase(options: { before?: string; engine?: 'pglite' } = {}): Promise<TestDatabase> {
  const template = options.before ? undefined : (inject('templateDatabase') as TemplateDatabase | undefined);
  const migrate = (handle: DatabaseHandle) =>
    options.before ? migrateBefore(handle, options.before) : migrateDatabase(handle);
  const serverUrl = options.engine === 'pglite' ? undefined : process.env.DATABASE_URL;
  if (!serverUrl) {
    if (template?.kind === 'pglite' || (template && options.engine === 'pglite')) {
      const from = (pgliteTemplate ??= await pgliteTemplateOf(template));
      return leasePglite(() => createPglite({ kind: 'pglite-memory', from }));
    }
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrate(handle);
    return handle;
  }
  if (template?.kind === 'postgres')
    return leasePostgres(template.name, {
      run: (statement) => createDatabase(serverUrl, statement),
      urlOf: (name) => databaseUrl(serverUrl, name),
    });
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await createDatabase(serverUrl, `create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 30 });
  await migrate(handle);
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

// The run's PGlite template; on a PostgreSQL run, where there is none, a PGlite migrated once per
// worker.
async function pgliteTemplateOf(template: TemplateDatabase): Promise<Blob> {
  if (template.kind === 'pglite') return new Blob([readFileSync(template.dumpPath)]);
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await migrateDatabase(handle);
  const dump = await handle.dump!();
  await handle.close();
  return dump;
}

// PostgreSQL refuses to copy a template while another copy of it is starting ("source database is
// being accessed by other users", 55006): test files starting together take turns.
async function createDatabase(serverUrl: string, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await withAdminClient(serverUrl, (client) => client.query(statement));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
