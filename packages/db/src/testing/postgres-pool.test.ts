import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { customers, roles } from '../schema/index.ts';
import { createCustomer } from './factories/customers.ts';
import { postgresDatabasesCreated } from './postgres-pool.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

const rowsOf = async (database: TestDatabase, table: typeof customers | typeof roles) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

const databaseNameOf = (database: TestDatabase) => new URL(database.url ?? '').pathname.slice(1);

// The reuse on PostgreSQL (postgres-pool.ts); CI runs it with DATABASE_URL set (decision 055), and
// pglite-pool.test.ts holds PGlite's to the same.
describe.skipIf(!process.env.DATABASE_URL)('a PostgreSQL database lent to the next test file', () => {
  it('comes back as the template: no rows of the file before, sequences from the start, its connections ended', async () => {
    const first = await openTestDatabase();
    const created = postgresDatabasesCreated();
    const customer = await createCustomer(first.db);
    await createCustomer(first.db);
    // A connection the file left open, as a process it started would.
    const leftOpen = new pg.Client({ connectionString: first.url });
    leftOpen.on('error', () => undefined);
    await leftOpen.connect();
    await leftOpen.query(`set time zone 'Asia/Kolkata'`);
    await first.close();

    const second = await openTestDatabase();
    expect(postgresDatabasesCreated()).toBe(created);
    expect(databaseNameOf(second)).toBe(databaseNameOf(first));
    expect(await rowsOf(second, customers)).toBe(0);
    // The rows the migrations wrote are back.
    expect(await rowsOf(second, roles)).toBe(7);
    expect((await createCustomer(second.db)).id).toBe(customer.id);
    await expect(leftOpen.query('select 1')).rejects.toThrow();
    await second.close();
  });

  it('refuses every call once closed', async () => {
    const database = await openTestDatabase();
    await database.close();
    await expect(database.db.select().from(roles)).rejects.toThrow();
  });

  it('is not lent again once a test changed its schema: the next file gets a new database', async () => {
    const changed = await openTestDatabase();
    const created = postgresDatabasesCreated();
    await changed.exec('alter table customers add column planted text');
    await changed.close();

    const next = await openTestDatabase();
    expect(postgresDatabasesCreated()).toBe(created + 1);
    expect(databaseNameOf(next)).not.toBe(databaseNameOf(changed));
    const columns = (await next.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'customers' and column_name = 'planted'`,
    )) as unknown as { rows: unknown[] };
    expect(columns.rows).toEqual([]);
    // The changed one is gone from the server.
    const left = await next.db.execute(sql`select 1 from pg_database where datname = ${databaseNameOf(changed)}`);
    expect((left as unknown as { rows: unknown[] }).rows).toEqual([]);
    await next.close();
  });
});
