import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionEmailPrefix } from '@portal/contracts';
import { createCustomer, openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { createDirectoryStorage, parseTransactionEmail } from '@portal/server/seeding';
import { seedDemoTransactionEmails } from './demo-emails.ts';

// The user page lists a customer's transaction emails from storage and opens each with the server's
// reader (parseTransactionEmail); the demo's must be what that reader accepts.
describe('the demo transaction emails', () => {
  let database: TestDatabase;
  let directory: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    directory = await mkdtemp(join(tmpdir(), 'portal-demo-emails-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('gives the first five customers three emails each, once, each one the server opens', async () => {
    const customers = [];
    for (let index = 0; index < 6; index += 1) customers.push(await createCustomer(database.db));
    const storage = createDirectoryStorage(directory);
    const now = new Date('2026-11-21T17:00:00Z');
    expect(await seedDemoTransactionEmails(database.db, storage, now)).toBe(15);
    // A second start writes nothing: each of them has emails now.
    expect(await seedDemoTransactionEmails(database.db, storage, now)).toBe(0);

    expect((await storage.list(transactionEmailPrefix(customers[5]!.id))).keys).toEqual([]);
    const { keys } = await storage.list(transactionEmailPrefix(customers[0]!.id));
    const emails = await Promise.all(keys.map(async (key) => parseTransactionEmail((await storage.read(key))!)));
    expect(emails.map((email) => email?.subject)).toEqual([
      'Your loan has been funded',
      expect.stringMatching(/^Payment received: \$\d+\.\d{2}$/),
      expect.stringMatching(/^Reminder: your payment of \$\d+\.\d{2} is due 2026-11-25$/),
    ]);
    for (const email of emails) expect(email?.to).toContain(customers[0]!.email);
  });
});
