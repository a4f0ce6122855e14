import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers, employees } from '@portal/db';
import { createCustomer, createEmployee } from '@portal/db/testing';
import { wrongSecretsKey } from './key-check.ts';
import { createSsnSealer } from './modules/customers/index.ts';
import { createSecretBox } from './platform/secret-box.ts';
import { wrongKeySentence } from './platform/sealed-samples.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// The start refuses a SECRETS_KEY that opens nothing this database holds sealed (decision 072).
const KEY = Buffer.alloc(32, 0x21);
const OTHER = Buffer.alloc(32, 0x43);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the start-up key check', () => {
  it('passes an empty database, the right key, and the old key given as SECRETS_KEY_PREVIOUS; stops the wrong key with a sentence', async () => {
    const db = t.database.db;
    // Nothing sealed yet (the factory's bank accounts are stored unsealed): any key starts.
    await createCustomer(db);
    expect(await wrongSecretsKey(db, OTHER, null)).toBeNull();

    const customer = await createCustomer(db);
    const sealed = createSsnSealer(KEY)(customer.id, '123456789');
    await db
      .update(customers)
      .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
      .where(eq(customers.id, customer.id));
    const employee = await createEmployee(db, { email: 'key.check@portal.example' });
    await db
      .update(employees)
      .set({ mfaSecret: createSecretBox(KEY).seal('JBSWY3DPEHPK3PXP', `employee:${employee.id}:totp-secret`) })
      .where(eq(employees.id, employee.id));

    expect(await wrongSecretsKey(db, KEY, null)).toBeNull();
    expect(await wrongSecretsKey(db, OTHER, KEY)).toBeNull();
    expect(await wrongSecretsKey(db, OTHER, null)).toBe(
      `The Portal does not start: SECRETS_KEY opens none of the 2 sealed values it tried (customer ${customer.id}'s SSN, employee ${employee.id}'s MFA secret). Start it with the key this database was sealed with; while moving to a new key, set SECRETS_KEY_PREVIOUS to the old one (docs/operations.md, "Key rotation for SECRETS_KEY").`,
    );
  });

  it('takes one damaged value among readable ones for damage, not the wrong key', () => {
    const box = createSecretBox(KEY);
    const good = { what: 'a', sealed: box.seal('x', 'ad:a'), associatedData: 'ad:a' };
    const damaged = { what: 'b', sealed: createSecretBox(OTHER).seal('y', 'ad:b'), associatedData: 'ad:b' };
    expect(wrongKeySentence(box, [damaged, good])).toBeNull();
    expect(wrongKeySentence(box, [damaged])).toMatch(/^The Portal does not start/);
    expect(wrongKeySentence(box, [])).toBeNull();
  });
});
