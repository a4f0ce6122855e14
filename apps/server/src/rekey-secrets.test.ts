import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { acdvRequests, approvals, bankAccounts, bankruptcyNotices, customers, employees } from '@portal/db';
import { createCustomer, createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { buildApp } from './app.ts';
import { createSsnSealer } from './modules/customers/index.ts';
import { createSecretBox, SecretBoxError } from './platform/secret-box.ts';
import { ssnHash, ssnKeysFor } from './platform/ssn-sealing.ts';
import { issueUploadToken, readUploadToken } from './platform/upload-link.ts';
import { createTotpSecret } from './platform/totp.ts';
import { rekeySecrets, unreadableRows } from './rekey-secrets.ts';
import { signIn } from './testing/session-helpers.ts';
import { createSignedInStaff } from './testing/staff-helpers.ts';
import { createTestApp, TEST_SECRETS_KEY, testAppDeps, type TestApp } from './testing/test-app.ts';

// npm run reseal (issue 42, decision 072): after it, a Portal given only the new key reads
// everything the old key sealed, finds customers by SSN, and the old key opens nothing.
const OLD = TEST_SECRETS_KEY;
const NEW = Buffer.alloc(32, 0x7a);
const STRANGER = Buffer.alloc(32, 0x11);
const oldKeys = ssnKeysFor(OLD);
const newKeys = ssnKeysFor(NEW);
const oldBox = createSecretBox(OLD);
const newBox = createSecretBox(NEW);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The Portal as it runs on this database with other keys (the database is t's, closed by t).
async function portalWith(secretsKey: Buffer, previousSecretsKey: Buffer | null = null) {
  const app = await buildApp({ ...testAppDeps(t.database, t.clock, { secretsKey }), previousSecretsKey });
  await app.ready();
  return app;
}

// The customers a search by SSN finds (the disputes desk's user search, by one allowed to).
async function customersWithSsn(app: FastifyInstance, ssn: string): Promise<number[]> {
  const searcher = await createSignedInStaff(app, t.database.db, { roles: ['agent', 'ssn_reveal'] });
  const search = await app.inject({
    method: 'GET',
    url: `/internal/api/disputes_dashboard/search/user_search?ssn=${ssn}`,
    headers: searcher.headers,
  });
  expect(search.statusCode, search.body).toBe(200);
  return search.json().results.map((user: { id: number }) => user.id);
}

const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

async function stored<T>(query: Promise<T[]>): Promise<T> {
  const [row] = await query;
  if (!row) throw new Error('no row');
  return row;
}

describe('npm run reseal', () => {
  it('moves every sealed value and SSN hash to the new key, and a Portal with only the new key works on them', async () => {
    const db = t.database.db;
    const sealSsn = createSsnSealer(OLD);
    // A customer with an SSN and the bank account the factory gives (stored unsealed), and one
    // whose bank numbers were sealed with the old key.
    const alice = await createCustomer(db);
    await db
      .update(customers)
      .set(sealSsnColumns(sealSsn(alice.id, '123456789')))
      .where(eq(customers.id, alice.id));
    const bob = await createCustomer(db);
    const bobAccount = await stored(
      db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.customerId, bob.id)),
    );
    const bobNumbers = oldBox.seal('021000021:5551234', `bank_account:${bobAccount.id}:numbers`);
    await db.update(bankAccounts).set({ numbersSealed: bobNumbers }).where(eq(bankAccounts.id, bobAccount.id));

    // An employee signing in with an authenticator enrolled under the old key.
    const email = 'rekey.mfa@portal.example';
    const employee = await createEmployee(db, { email });
    const totp = createTotpSecret();
    await db
      .update(employees)
      .set({ mfaSecret: oldBox.seal(totp, `employee:${employee.id}:totp-secret`), mfaEnabledAt: t.clock.now() })
      .where(eq(employees.id, employee.id));

    // A bankruptcy notice with the debtor's whole SSN sealed in parsed_data.
    const [notice] = await db
      .insert(bankruptcyNotices)
      .values({
        fileName: 'n.pdf',
        storageKey: 'k',
        type: 'BankruptcyNotice::Other',
        parsedData: {},
        hasText: true,
        dueOn: '2026-12-31',
      })
      .returning({ id: bankruptcyNotices.id });
    const noticeAd = `bankruptcy_notice:${notice!.id}:debtor_ssn`;
    const parsedData = {
      case_number: '26-10001',
      debtor_ssn: oldBox.seal('222334444', noticeAd),
      joint_debtor_ssn: '4444',
    };
    await db.update(bankruptcyNotices).set({ parsedData }).where(eq(bankruptcyNotices.id, notice!.id));

    // An SSN change waiting for a second employee, carrying the new number sealed and hashed.
    const heldSsn = sealSsn(bob.id, '333445555');
    const [approval] = await db
      .insert(approvals)
      .values({
        action: 'ssn_change',
        entityType: 'customer',
        entityId: String(bob.id),
        customerId: bob.id,
        summary: 'SSN change',
        payload: { customer_id: bob.id, ssn: heldSsn, audit: { before: {}, after: {} } },
        madeBy: employee.id,
        expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
      })
      .returning({ id: approvals.id });

    // ACDV requests: one naming Alice's SSN, one a number no customer has.
    const acdv = (controlNumber: string, digits: string) => ({
      controlNumber,
      disputeCode: '001',
      receivedOn: '2026-11-20',
      responseDueOn: '2026-12-20',
      consumer: {},
      account: {},
      ssnHash: ssnHash(oldKeys, digits),
      ssnLast4: digits.slice(-4),
    });
    const [matched, unmatched] = await db
      .insert(acdvRequests)
      .values([acdv('REKEY-1', '123456789'), acdv('REKEY-2', '999887777')])
      .returning({ id: acdvRequests.id, ssnHash: acdvRequests.ssnHash });

    // While the new key is rolled out, the Portal given both reads what the old key sealed: the
    // authenticator signs in, and an upload link the old key signed still holds.
    const oldLink = issueUploadToken(
      { secretsKey: OLD, clock: t.clock },
      { loanId: 1, customerId: alice.id, kinds: ['paystub'] },
    );
    expect(readUploadToken({ secretsKey: NEW, previousSecretsKey: OLD, clock: t.clock }, oldLink.token)).not.toBeNull();
    expect(readUploadToken({ secretsKey: NEW, clock: t.clock }, oldLink.token)).toBeNull();
    // A search by SSN still finds a customer not moved yet (her hash is the old key's).
    const rolling = await portalWith(NEW, OLD);
    try {
      t.clock.advance(30_000);
      const during = await signIn(rolling, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(totp) });
      expect(during.statusCode).toBe(200);
      expect(await customersWithSsn(rolling, '123-45-6789')).toEqual([alice.id]);
    } finally {
      await rolling.close();
    }

    const report = await rekeySecrets(db, OLD, NEW);
    expect(report.mfaSecrets.resealed).toBe(1);
    expect(report.bankAccounts.resealed).toBeGreaterThanOrEqual(2);
    expect(report.bankruptcyNotices.resealed).toBe(1);
    expect(report.ssnChangeApprovals.resealed).toBe(1);
    expect(report.acdvRequests).toMatchObject({ resealed: 1, unmatched: 1 });
    expect(report.customers.resealed).toBe(1);
    expect(unreadableRows(report)).toEqual([]);

    // Under the new key, and only under it.
    const aliceRow = await stored(db.select().from(customers).where(eq(customers.id, alice.id)));
    expect(newBox.open(aliceRow.ssnSealed!, `customer:${alice.id}:ssn`)).toBe('123456789');
    expect(() => oldBox.open(aliceRow.ssnSealed!, `customer:${alice.id}:ssn`)).toThrow(SecretBoxError);
    expect(aliceRow.ssnHash).toBe(ssnHash(newKeys, '123456789'));
    expect(aliceRow.ssnLast4).toBe('6789');
    const bobRow = await stored(db.select().from(bankAccounts).where(eq(bankAccounts.id, bobAccount.id)));
    expect(newBox.open(bobRow.numbersSealed, `bank_account:${bobAccount.id}:numbers`)).toBe('021000021:5551234');
    const noticeRow = await stored(db.select().from(bankruptcyNotices).where(eq(bankruptcyNotices.id, notice!.id)));
    const noticeData = noticeRow.parsedData as typeof parsedData;
    expect(newBox.open(noticeData.debtor_ssn, noticeAd)).toBe('222334444');
    expect(noticeData).toMatchObject({ case_number: '26-10001', joint_debtor_ssn: '4444' });
    const approvalRow = await stored(db.select().from(approvals).where(eq(approvals.id, approval!.id)));
    const heldNow = (approvalRow.payload as { ssn: typeof heldSsn }).ssn;
    expect(newBox.open(heldNow.sealed, `customer:${bob.id}:ssn`)).toBe('333445555');
    expect(heldNow).toMatchObject({ hash: ssnHash(newKeys, '333445555'), last4: '5555' });
    // The ACDV request naming Alice's SSN agrees with her again; the other keeps its old hash.
    const requests = await db
      .select({ id: acdvRequests.id, ssnHash: acdvRequests.ssnHash })
      .from(acdvRequests)
      .where(sql`${acdvRequests.id} in (${matched!.id}, ${unmatched!.id})`);
    expect(requests.find((row) => row.id === matched!.id)?.ssnHash).toBe(aliceRow.ssnHash);
    expect(requests.find((row) => row.id === unmatched!.id)?.ssnHash).toBe(unmatched!.ssnHash);

    // A Portal given only the new key: the authenticator still signs in, the SSN finds its customer.
    const after = await portalWith(NEW);
    try {
      t.clock.advance(30_000);
      const signedIn = await signIn(after, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(totp) });
      expect(signedIn.statusCode).toBe(200);
      expect(await customersWithSsn(after, '123456789')).toEqual([alice.id]);
    } finally {
      await after.close();
    }

    // Run again (after a stop, say): nothing is left to move and nothing changes.
    const again = await rekeySecrets(db, OLD, NEW);
    for (const count of Object.values(again)) expect(count.resealed).toBe(0);
    expect(await stored(db.select().from(customers).where(eq(customers.id, alice.id)))).toEqual(aliceRow);
  });

  it('leaves a value that opens with neither key as it is and names its row', async () => {
    const db = t.database.db;
    const carol = await createCustomer(db);
    const foreign = createSecretBox(STRANGER).seal('555667777', `customer:${carol.id}:ssn`);
    await db
      .update(customers)
      .set({ ssnSealed: foreign, ssnHash: 'x', ssnLast4: '7777' })
      .where(eq(customers.id, carol.id));

    const report = await rekeySecrets(db, OLD, NEW);
    expect(unreadableRows(report)).toEqual([`customers ${carol.id}`]);
    const carolRow = await stored(db.select().from(customers).where(eq(customers.id, carol.id)));
    expect(carolRow.ssnSealed).toBe(foreign);
  });

  it('refuses a retired key that is the new key', async () => {
    await expect(rekeySecrets(t.database.db, NEW, Buffer.from(NEW))).rejects.toThrow(/nothing to re-seal/);
  });
});

function sealSsnColumns(sealed: { sealed: string; hash: string; last4: string }) {
  return { ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 };
}
