import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { customers, employees, openDatabase, type DatabaseHandle } from '@portal/db';
import { openTestDatabase } from '@portal/db/testing';
import { seedDemoData } from '@portal/demo-data';
import { loadConfig } from './config.ts';
import { prepareDatabase } from './startup.ts';

// The demo's seed, as main.ts passes it in dev.
const options = {
  seedEmpty: (tx: Parameters<typeof seedDemoData>[0]) =>
    seedDemoData(tx, { customers: 5, timeZone: 'America/Los_Angeles' }),
};
const countOf = async (database: DatabaseHandle, table: typeof employees | typeof customers) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;

const WHOLE_START_TIMEOUT_MS = 300_000;

describe('demo data at start', () => {
  const opened: DatabaseHandle[] = [];
  // A new install's database, as npm start opens it: PGlite with nothing in it, migrated from scratch.
  const openNew = async () => {
    const database = await openDatabase({ kind: 'pglite-memory' });
    opened.push(database);
    return database;
  };
  // A migrated database with no rows (the run's template), for the cases that are not about a first
  // start: a migration from scratch costs a few seconds of CPU, and one is enough to show it.
  const openMigrated = async () => {
    const database = await openTestDatabase();
    opened.push(database);
    return database;
  };
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  // A new PGlite database migrated from nothing and seeded: about 10 s alone, several times that
  // beside the end-to-end specs on 2 cores. Each of these tests gets five minutes: a bound on a hang,
  // not on the machine.
  it('is seeded into an empty database in dev only', { timeout: WHOLE_START_TIMEOUT_MS }, async () => {
    const dev = await openNew();
    expect(await prepareDatabase(dev, { ...options, stage: 'dev' })).not.toBeNull();
    expect(await countOf(dev, customers)).toBe(5);

    const production = await openMigrated();
    expect(await prepareDatabase(production, { ...options, stage: 'production' })).toBeNull();
    expect(await countOf(production, employees)).toBe(0);
  });

  it(
    'keeps staging and production from starting while a demo account can sign in, and says how to fix it',
    { timeout: WHOLE_START_TIMEOUT_MS },
    async () => {
      const database = await openMigrated();
      await prepareDatabase(database, { ...options, stage: 'dev' });
      await expect(prepareDatabase(database, { ...options, stage: 'staging' })).rejects.toThrow(
        /demo accounts that can sign in \(demo@portal\.example, agent1@portal\.example.*published.*STAGE=staging.*update employees set active = false/s,
      );
      await database.db.execute(sql`update employees set active = false where lower(email) like '%@portal.example'`);
      await expect(prepareDatabase(database, { ...options, stage: 'production' })).resolves.toBeNull();
    },
  );

  it('is asked for outside dev only by mistake: the configuration refuses it', () => {
    expect(() =>
      loadConfig({ STAGE: 'production', SECRETS_KEY: randomBytes(32).toString('base64'), SEED_CUSTOMERS: '10' }),
    ).toThrow(/SEED_CUSTOMERS: demo data is seeded only with STAGE=dev/);
    expect(loadConfig({ STAGE: 'production', SECRETS_KEY: randomBytes(32).toString('base64') }).seedCustomers).toBe(0);
    expect(loadConfig({}).seedCustomers).toBe(200);
  });
});

// Two API processes starting at the same moment on an empty PostgreSQL database.
const serverUrl = process.env.DATABASE_URL;
describe.skipIf(!serverUrl)('two processes starting together', () => {
  it('migrate and seed once: the second waits for the first and finds the data', async () => {
    const name = `portal_start_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const [first, second] = await Promise.all(
      [1, 2].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 })),
    );
    try {
      const results = await Promise.all(
        [first!, second!].map((database) => prepareDatabase(database, { ...options, stage: 'dev' })),
      );
      expect(results.filter((seeded) => seeded !== null)).toHaveLength(1);
      expect(await countOf(first!, customers)).toBe(5);
      expect(await countOf(first!, employees)).toBe(13);
    } finally {
      await first!.close();
      await second!.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
