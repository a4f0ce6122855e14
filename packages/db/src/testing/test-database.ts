import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';

// url: the PostgreSQL database's address, for a test that opens a second handle (a second process).
export type TestDatabase = DatabaseHandle & { db: Database; url?: string };

// A fresh, migrated database for one test file: in-memory PGlite, or, when DATABASE_URL is set,
// a new PostgreSQL database on that server that is dropped again on close.
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrateDatabase(handle);
    return handle;
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 30 });
  await migrateDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
