import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../client.ts';
import { migrateDatabase } from '../migrate.ts';
import { pooledDatabasePrefix } from './postgres-pool.ts';

// One migrated database per test run, copied for each test file instead of migrating every file's
// database from scratch: a PGlite data directory dumped to a file, or, when DATABASE_URL is set, a
// PostgreSQL database that `create database ... template` copies. Vitest's globalSetup (see
// vitest.config.ts) makes it once and hands its place to the test files with provide/inject.

export type TemplateDatabase = { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  // Vitest's provide/inject types are extended by declaration merging, which needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    templateDatabase: TemplateDatabase;
  }
}

type GlobalSetupProject = { provide: (key: 'templateDatabase', value: TemplateDatabase) => void };

// Every project that lists this file (db, demo, demo-data, server) runs it, and Vitest runs each
// project's global setup when that project's first file is due, while the workers wait: five
// templates made one after another held the run's workers idle for about 13 s. So the first
// project's call makes the template and the others share it (the same process, so globalThis); the
// last project's teardown removes it.
type SharedTemplate = { made: Promise<{ template: TemplateDatabase; remove: () => Promise<void> }>; users: number };
const SHARED = Symbol.for('portal.testing.templateDatabase');
const processState = globalThis as typeof globalThis & { [SHARED]?: SharedTemplate };

export default async function setupTemplateDatabase({ provide }: GlobalSetupProject): Promise<() => Promise<void>> {
  const shared = (processState[SHARED] ??= { made: makeTemplateDatabase(), users: 0 });
  shared.users += 1;
  const { template, remove } = await shared.made;
  provide('templateDatabase', template);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete processState[SHARED];
    await remove();
  };
}

async function makeTemplateDatabase(): Promise<{ template: TemplateDatabase; remove: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrateDatabase(handle);
    const folder = mkdtempSync(join(tmpdir(), 'portal-template-'));
    const dumpPath = join(folder, 'migrated.tar');
    writeFileSync(dumpPath, Buffer.from(await (await handle.dump!()).arrayBuffer()));
    await handle.close();
    return {
      template: { kind: 'pglite', dumpPath },
      remove: async () => rmSync(folder, { recursive: true, force: true }),
    };
  }
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 2 });
  await migrateDatabase(handle);
  // A template must have no open connection while it is copied.
  await handle.close();
  // The copies the workers still held when they ended (postgres-pool.ts), then the template.
  const remove = () =>
    withAdminClient(serverUrl, async (client) => {
      const lent = await client.query<{ name: string }>(
        `select datname as name from pg_database where starts_with(datname, $1)`,
        [pooledDatabasePrefix(name)],
      );
      for (const { name: copy } of lent.rows) await client.query(`drop database if exists ${copy} with (force)`);
      await client.query(`drop database if exists ${name} with (force)`);
    });
  return { template: { kind: 'postgres', name }, remove };
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
