import { describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { customers, roles } from '../schema/index.ts';
import { createCustomer } from './factories/customers.ts';
import { pgliteInstancesOpened } from './pglite-pool.ts';
import { openTestDatabase as openTestPglite } from './test-database.ts';

const rowsOf = async (database: Awaited<ReturnType<typeof openTestPglite>>, table: typeof customers | typeof roles) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

// The reuse is PGlite's only (on PostgreSQL each file has a database of its own), so the test runs
// on PGlite whatever DATABASE_URL says: CI runs it with DATABASE_URL set (decision 055).
const openTestDatabase = () => openTestPglite({ engine: 'pglite' });

describe('a PGlite instance lent to the next test file', () => {
  it('comes back as the template: no rows of the file before, sequences from the start, session state gone', async () => {
    const first = await openTestDatabase();
    const opened = pgliteInstancesOpened();
    const customer = await createCustomer(first.db);
    await createCustomer(first.db);
    await first.exec(`set time zone 'Asia/Kolkata'; create temporary table scratch (id int)`);
    await first.close();

    const second = await openTestDatabase();
    expect(pgliteInstancesOpened()).toBe(opened);
    expect(await rowsOf(second, customers)).toBe(0);
    // The rows the migrations wrote are back.
    expect(await rowsOf(second, roles)).toBe(7);
    expect((await createCustomer(second.db)).id).toBe(customer.id);
    const zone = (await second.db.execute(sql`select current_setting('TimeZone') as zone`)) as unknown as {
      rows: { zone: string }[];
    };
    expect(zone.rows[0]?.zone).not.toBe('Asia/Kolkata');
    await second.close();
  });

  it('refuses every call once closed, so work a file left running never reaches the next one', async () => {
    const database = await openTestDatabase();
    await database.close();
    await expect(database.db.select().from(roles)).rejects.toMatchObject({ cause: { message: 'PGlite is closed' } });
  });

  it('is not lent again once a test changed its schema: the next file gets a new one', async () => {
    const changed = await openTestDatabase();
    const opened = pgliteInstancesOpened();
    await changed.exec('alter table customers add column planted text');
    await changed.close();

    const next = await openTestDatabase();
    expect(pgliteInstancesOpened()).toBe(opened + 1);
    const columns = (await next.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'customers' and column_name = 'planted'`,
    )) as unknown as { rows: unknown[] };
    expect(columns.rows).toEqual([]);
    await next.close();
  });
});
