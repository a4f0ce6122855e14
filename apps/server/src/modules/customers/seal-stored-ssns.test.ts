import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { customers, migrateDatabase } from '@portal/db';
import { createCustomer, openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { seedDemoData } from '@portal/demo-data';
import { prepareDatabase } from '../../startup.ts';
import { ssnHash, ssnKeysFor } from '../../platform/ssn-sealing.ts';
import { sealStoredSsns } from './seal-stored-ssns.ts';
import { findCustomerIdsBySsnHashes } from './ssn-repository.ts';
import { createSsnSealer, openSsn } from './ssn.ts';

// The customers holding this number, by the hash's index (what the SSN door asks).
async function findCustomerIdsBySsn(context: { db: TestDatabase['db']; secretsKey: Buffer }, ssn: string) {
  const hash = ssnHash(ssnKeysFor(context.secretsKey), ssn.replace(/\D/g, ''));
  return (await findCustomerIdsBySsnHashes(context.db, [hash])).get(hash) ?? [];
}

const SECRETS_KEY = Buffer.alloc(32, 0x33);
const keys = ssnKeysFor(SECRETS_KEY);

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

async function storedSsns(db: TestDatabase['db']) {
  return db
    .select({ id: customers.id, sealed: customers.ssnSealed, hash: customers.ssnHash, last4: customers.ssnLast4 })
    .from(customers)
    .orderBy(asc(customers.id));
}

describe('SSNs stored in plain text before migration 0011', () => {
  it('move to ssn_sealed with the migration and are sealed at start, in batches, once', async () => {
    // A database as it stood before migration 0011: SSNs in plain text in customers.ssn.
    database = await openTestDatabase({ before: '0011_ssn_at_rest' });
    const db = database.db;
    const plain = ['123456789', '234-56-7890', 'n/a ending 4321', '   ', null];
    const ids: number[] = [];
    for (const ssn of plain) {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into customers (first_name, last_name, email, ssn) values ('Old', 'Row', ${`old${ids.length}@example.com`}, ${ssn}) returning id::int as id`,
        ),
      );
      ids.push(Number(row?.id));
    }

    await migrateDatabase(database);
    const columns = rowsOf<{ name: string }>(
      await db.execute(
        sql`select column_name as name from information_schema.columns where table_name = 'customers' and column_name like 'ssn%' order by 1`,
      ),
    ).map((row) => row.name);
    expect(columns).toEqual(['ssn_hash', 'ssn_last4', 'ssn_sealed']);
    // Until the start seals them, the numbers wait in ssn_sealed as they were, found by no search.
    expect((await storedSsns(db)).map((row) => row.sealed)).toEqual(plain);

    // Two API processes starting together seal each row once.
    const reports = await Promise.all([sealStoredSsns(db, SECRETS_KEY), sealStoredSsns(db, SECRETS_KEY)]);
    expect(reports[0].sealed + reports[1].sealed).toBe(4);
    expect(reports[0].seconds).toBeGreaterThanOrEqual(0);

    const [valid, dashed, odd, blank, none] = await storedSsns(db);
    expect(openSsn(keys, ids[0]!, valid?.sealed ?? '')).toBe('123456789');
    expect(valid).toMatchObject({ hash: ssnHash(keys, '123456789'), last4: '6789' });
    expect(openSsn(keys, ids[1]!, dashed?.sealed ?? '')).toBe('234567890');
    expect(dashed).toMatchObject({ hash: ssnHash(keys, '234567890'), last4: '7890' });
    // Not an SSN: kept sealed as it was written, with its last four digits, found by no search.
    expect(openSsn(keys, ids[2]!, odd?.sealed ?? '')).toBe('n/a ending 4321');
    expect(odd).toMatchObject({ hash: null, last4: '4321' });
    expect(blank).toMatchObject({ sealed: null, hash: null, last4: null });
    expect(none).toMatchObject({ sealed: null, hash: null, last4: null });

    const text = rowsOf<{ text: string }>(
      await db.execute(sql`select string_agg(c::text, ' ') as text from customers c`),
    );
    expect(text[0]?.text).not.toMatch(/123456789|234-56-7890/);
    expect(await findCustomerIdsBySsn({ db, secretsKey: SECRETS_KEY }, '123-45-6789')).toEqual([ids[0]]);
    // Sealed rows are not sealed again at the next start.
    expect((await sealStoredSsns(db, SECRETS_KEY)).sealed).toBe(0);
  });

  it('are sealed past the first batch (5,000 rows a statement)', async () => {
    database = await openTestDatabase();
    const db = database.db;
    await db.execute(sql`
      insert into customers (first_name, last_name, email, ssn_sealed)
      select 'Bulk', 'Row', 'bulk' || n || '@example.com', lpad((100000000 + n)::text, 9, '0')
      from generate_series(1, 5003) as n`);
    const report = await sealStoredSsns(db, SECRETS_KEY);
    expect(report.sealed).toBe(5003);
    const [left] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from customers where ssn_sealed not like 'gcm1:%' or ssn_hash is null`,
      ),
    );
    expect(left?.n).toBe(0);
    const [last] = await db
      .select({ id: customers.id, sealed: customers.ssnSealed })
      .from(customers)
      .where(eq(customers.ssnLast4, '5003'));
    expect(openSsn(keys, last?.id ?? 0, last?.sealed ?? '')).toBe('100005003');
  });
});

describe('the demo data seeded at a first start', () => {
  it("has every customer's SSN sealed with the server's key, hashed, and its last four", async () => {
    database = await openTestDatabase();
    const db = database.db;
    await prepareDatabase(database, {
      stage: 'dev',
      seedEmpty: (tx) =>
        seedDemoData(tx, { customers: 30, timeZone: 'America/Los_Angeles', sealSsn: createSsnSealer(SECRETS_KEY) }),
    });
    const rows = await storedSsns(db);
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      const digits = openSsn(keys, row.id, row.sealed ?? '');
      expect(digits).toMatch(/^\d{9}$/);
      expect(row).toMatchObject({ hash: ssnHash(keys, digits), last4: digits.slice(-4) });
      expect(await findCustomerIdsBySsn({ db, secretsKey: SECRETS_KEY }, digits)).toContain(row.id);
    }
    // Nothing is left for the start-up step.
    expect((await sealStoredSsns(db, SECRETS_KEY)).sealed).toBe(0);
  });

  it('has no SSNs when the caller gives no sealer (the seed holds no key), and a new customer has none either', async () => {
    database = await openTestDatabase();
    await prepareDatabase(database, {
      stage: 'dev',
      seedEmpty: (tx) => seedDemoData(tx, { customers: 5, timeZone: 'America/Los_Angeles' }),
    });
    expect(
      await database.db.select({ id: customers.id }).from(customers).where(isNotNull(customers.ssnSealed)),
    ).toEqual([]);
    const created = await createCustomer(database.db);
    expect(created).toMatchObject({ ssnSealed: null, ssnHash: null, ssnLast4: null });
  });
});
