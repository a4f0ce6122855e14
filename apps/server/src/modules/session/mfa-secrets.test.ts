import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { employees } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { createSecretBox } from '../../platform/secret-box.ts';
import { createTotpSecret } from '../../platform/totp.ts';
import { enableMfa, signIn } from '../../testing/session-helpers.ts';
import { createTestApp, TEST_SECRETS_KEY, type TestApp } from '../../testing/test-app.ts';
import { mfaSecretContext, sealStoredMfaSecrets } from './service.ts';

// TOTP secrets are stored sealed with SECRETS_KEY (AES-256-GCM, bound to their employee).
let t: TestApp;
const box = createSecretBox(TEST_SECRETS_KEY);
let emailCounter = 0;
const newEmail = () => `secrets${++emailCounter}@portal.example`;
const BASE32_SECRET = /[A-Z2-7]{32}/;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function storedSecrets(employeeId: number) {
  const [row] = await t.database.db
    .select({ mfaSecret: employees.mfaSecret, mfaPendingSecret: employees.mfaPendingSecret })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!row) throw new Error(`no employee ${employeeId}`);
  return row;
}
const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

describe('a TOTP secret at rest', () => {
  it('is stored sealed from enrolment on, opens to the secret of the otp_uri, and still signs in', async () => {
    const email = newEmail();
    const employee = await createEmployee(t.database.db, { email });
    const response = await enableMfa(t.app, { email, password: DEFAULT_TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const secret = new URL(response.json().otp_uri).searchParams.get('secret') ?? '';
    expect(secret).toMatch(BASE32_SECRET);

    const pending = await storedSecrets(employee.id);
    expect(pending.mfaSecret).toBeNull();
    expect(pending.mfaPendingSecret).toMatch(/^gcm1:[\w-]+:[\w-]+$/);
    expect(pending.mfaPendingSecret).not.toMatch(BASE32_SECRET);
    expect(box.open(pending.mfaPendingSecret ?? '', mfaSecretContext(employee.id))).toBe(secret);
    // Bound to its employee: copied to another, it does not open.
    expect(() => box.open(pending.mfaPendingSecret ?? '', mfaSecretContext(employee.id + 1))).toThrow();

    const first = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(secret) });
    expect(first.statusCode).toBe(200);
    expect(first.json().mfaEnabled).toBe(true);
    const enabled = await storedSecrets(employee.id);
    expect(enabled.mfaPendingSecret).toBeNull();
    expect(enabled.mfaSecret).not.toMatch(BASE32_SECRET);
    expect(box.open(enabled.mfaSecret ?? '', mfaSecretContext(employee.id))).toBe(secret);

    t.clock.advance(30_000);
    expect(
      (await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(secret) })).statusCode,
    ).toBe(200);
  });
});

describe('sealStoredMfaSecrets', () => {
  it('seals the plain-text secrets of an earlier version once, and they keep working', async () => {
    const email = newEmail();
    const plain = await createEmployee(t.database.db, { email });
    const pendingOnly = await createEmployee(t.database.db, { email: newEmail() });
    const alreadySealed = await createEmployee(t.database.db, { email: newEmail() });
    const secret = createTotpSecret();
    const pendingSecret = createTotpSecret();
    const sealedBefore = box.seal(createTotpSecret(), mfaSecretContext(alreadySealed.id));
    await t.database.db
      .update(employees)
      .set({ mfaSecret: secret, mfaEnabledAt: t.clock.now() })
      .where(eq(employees.id, plain.id));
    await t.database.db
      .update(employees)
      .set({ mfaPendingSecret: pendingSecret })
      .where(eq(employees.id, pendingOnly.id));
    await t.database.db.update(employees).set({ mfaSecret: sealedBefore }).where(eq(employees.id, alreadySealed.id));

    expect(await sealStoredMfaSecrets(t.database.db, box)).toBe(2);
    const stored = await storedSecrets(plain.id);
    expect(stored.mfaSecret).not.toContain(secret);
    expect(box.open(stored.mfaSecret ?? '', mfaSecretContext(plain.id))).toBe(secret);
    const storedPending = await storedSecrets(pendingOnly.id);
    expect(box.open(storedPending.mfaPendingSecret ?? '', mfaSecretContext(pendingOnly.id))).toBe(pendingSecret);
    expect((await storedSecrets(alreadySealed.id)).mfaSecret).toBe(sealedBefore);

    // The next start finds nothing left to seal.
    expect(await sealStoredMfaSecrets(t.database.db, box)).toBe(0);
    expect(await storedSecrets(plain.id)).toEqual(stored);

    t.clock.advance(60_000);
    expect(
      (await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(secret) })).statusCode,
    ).toBe(200);
  });
});
