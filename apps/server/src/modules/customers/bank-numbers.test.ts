import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { bankAccounts, customers, migrateDatabase } from '@portal/db';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { seedDemoData } from '@portal/demo-data';
import { createSecretBox, SecretBoxError } from '../../platform/secret-box.ts';
import { prepareDatabase } from '../../startup.ts';
import { insertBankAccount } from './bank-account-repository.ts';
import { createBankNumbersSealer, openBankNumbers, readableRouting, sealBankNumbers } from './bank-numbers.ts';
import { findDebitAccountsOfCustomers, findRoutingNumbers } from './customer-reads.ts';
import { sealStoredBankNumbers } from './seal-stored-bank-numbers.ts';

// Bank accounts' routing and account numbers at rest (issue 41, decision 070): sealed together,
// bound to their row, never in plain text once the start has run.

const SECRETS_KEY = Buffer.alloc(32, 0x44);
const box = createSecretBox(SECRETS_KEY);
const numbers = { routing: '121000358', account: '000123456789' };

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

// Every column of every bank account row as text: where a plain number would show.
async function bankAccountsText(db: TestDatabase['db']): Promise<string> {
  const [row] = rowsOf<{ text: string | null }>(
    await db.execute(sql`select string_agg(b::text, ' ') as text from bank_accounts b`),
  );
  return row?.text ?? '';
}

describe('sealed bank numbers', () => {
  it('open for their own account only, and show nothing of either number', () => {
    const stored = sealBankNumbers(box, 7, numbers);
    expect(stored.last4).toBe('6789');
    expect(stored.sealed).toMatch(/^gcm1:/);
    expect(stored.sealed).not.toContain('121000358');
    expect(stored.sealed).not.toContain('000123456789');
    // The same numbers seal differently each time (a fresh IV).
    expect(sealBankNumbers(box, 7, numbers).sealed).not.toBe(stored.sealed);
    expect(openBankNumbers(box, 7, stored.sealed)).toEqual(numbers);
    // Copied to another account, or opened with another key, they do not open.
    expect(() => openBankNumbers(box, 8, stored.sealed)).toThrow(SecretBoxError);
    expect(() => openBankNumbers(createSecretBox(Buffer.alloc(32, 0x45)), 7, stored.sealed)).toThrow(SecretBoxError);
    // An SSN sealed with the same key is not bank numbers.
    expect(() => openBankNumbers(box, 7, box.seal('121000358:1', 'customer:7:ssn'))).toThrow(SecretBoxError);
  });

  it('are read as they are when stored before sealing, and a screen gets null for what does not open', () => {
    expect(openBankNumbers(box, 3, '011000015:998877')).toEqual({ routing: '011000015', account: '998877' });
    expect(readableRouting(null, 3, '011000015:998877')).toBe('011000015');
    const sealed = sealBankNumbers(box, 3, numbers).sealed;
    expect(readableRouting(box, 3, sealed)).toBe('121000358');
    expect(readableRouting(null, 3, sealed)).toBeNull();
    expect(readableRouting(box, 4, sealed)).toBeNull();
  });

  it('refuse a routing number holding the colon that parts the two', () => {
    expect(() => sealBankNumbers(box, 1, { routing: '1:2', account: '3' })).toThrow('holds no colon');
  });
});

describe('bank numbers stored in plain text before migration 0041', () => {
  it('move to numbers_sealed with the migration and are sealed at start, once', async () => {
    database = await openTestDatabase({ before: '0041_bank_accounts_sealed' });
    const db = database.db;
    const [customer] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into customers (first_name, last_name, email) values ('Old', 'Row', 'old@example.com') returning id::int as id`,
      ),
    );
    const customerId = Number(customer?.id);
    for (const [routing, account] of [
      ['121000358', '000123456789'],
      ['011000015', '998877'],
    ])
      await db.execute(
        sql`insert into bank_accounts (customer_id, routing_number, account_number) values (${customerId}, ${routing}, ${account})`,
      );

    await migrateDatabase(database);
    const columns = rowsOf<{ name: string }>(
      await db.execute(
        sql`select column_name as name from information_schema.columns where table_name = 'bank_accounts' order by 1`,
      ),
    ).map((row) => row.name);
    expect(columns).toEqual(['account_last4', 'added_at', 'customer_id', 'dnp', 'id', 'numbers_sealed']);
    const waiting = await db
      .select({ sealed: bankAccounts.numbersSealed, last4: bankAccounts.accountLast4 })
      .from(bankAccounts)
      .orderBy(asc(bankAccounts.id));
    expect(waiting).toEqual([
      { sealed: '121000358:000123456789', last4: '6789' },
      { sealed: '011000015:998877', last4: '8877' },
    ]);

    // Two API processes starting together seal each row once.
    const reports = await Promise.all([sealStoredBankNumbers(db, SECRETS_KEY), sealStoredBankNumbers(db, SECRETS_KEY)]);
    expect(reports[0].sealed + reports[1].sealed).toBe(2);
    expect(await bankAccountsText(db)).not.toMatch(/121000358|000123456789|011000015|998877/);
    const [first, second] = await db.select().from(bankAccounts).orderBy(asc(bankAccounts.id));
    expect(openBankNumbers(box, first!.id, first!.numbersSealed)).toEqual(numbers);
    expect(openBankNumbers(box, second!.id, second!.numbersSealed)).toEqual({
      routing: '011000015',
      account: '998877',
    });
    expect(second!.accountLast4).toBe('8877');
    // Sealed rows are not sealed again at the next start.
    expect((await sealStoredBankNumbers(db, SECRETS_KEY)).sealed).toBe(0);
  });
});

describe('the bank accounts the Portal writes', () => {
  it('are sealed in the demo data, and opened by the reads that need them', async () => {
    database = await openTestDatabase();
    const db = database.db;
    await prepareDatabase(database, {
      stage: 'dev',
      seedEmpty: (tx) =>
        seedDemoData(tx, {
          customers: 30,
          timeZone: 'America/Los_Angeles',
          sealBankNumbers: createBankNumbersSealer(SECRETS_KEY),
        }),
    });
    const rows = await db.select().from(bankAccounts);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const opened = openBankNumbers(box, row.id, row.numbersSealed);
      expect(opened.routing).toMatch(/^\d{9}$/);
      expect(opened.account.slice(-4)).toBe(row.accountLast4);
    }
    // Nothing is left for the start-up step.
    expect((await sealStoredBankNumbers(db, SECRETS_KEY)).sealed).toBe(0);

    const customerIds = [...new Set(rows.map((row) => row.customerId))];
    const routing = await findRoutingNumbers(db, box, customerIds);
    const accounts = await findDebitAccountsOfCustomers(db, box, customerIds);
    for (const { customerId, account } of accounts) {
      const newest = rows
        .filter((row) => row.customerId === customerId)
        .sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime() || b.id - a.id)[0]!;
      const opened = openBankNumbers(box, newest.id, newest.numbersSealed);
      expect(account).toEqual({
        id: newest.id,
        routingNumber: opened.routing,
        accountNumber: opened.account,
        readable: true,
        dnp: newest.dnp,
      });
      expect(routing.get(customerId)).toBe(opened.routing);
    }
  });

  it('are sealed when added one by one, and an account whose numbers do not open is said so, never guessed', async () => {
    database = await openTestDatabase();
    const db = database.db;
    await migrateDatabase(database);
    const [customer] = await db
      .insert(customers)
      .values({ firstName: 'New', lastName: 'Account', email: 'new@example.com' })
      .returning();
    const id = await insertBankAccount(db, box, { customerId: customer!.id, ...numbers });
    const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
    expect(row).toMatchObject({ accountLast4: '6789', dnp: false });
    expect(await bankAccountsText(db)).not.toMatch(/121000358|000123456789/);
    expect(openBankNumbers(box, id, row!.numbersSealed)).toEqual(numbers);

    // Another account's sealed numbers copied onto this one: they do not open here.
    const other = await insertBankAccount(db, box, { customerId: customer!.id, routing: '011000015', account: '55' });
    const [copied] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, other));
    await db.update(bankAccounts).set({ numbersSealed: row!.numbersSealed }).where(eq(bankAccounts.id, other));
    expect(copied!.numbersSealed).not.toBe(row!.numbersSealed);
    const [debit] = await findDebitAccountsOfCustomers(db, box, [customer!.id]);
    expect(debit?.account).toEqual({ id: other, routingNumber: '', accountNumber: '', readable: false, dnp: false });
    expect((await findRoutingNumbers(db, box, [customer!.id])).get(customer!.id)).toBeNull();
  });
});
