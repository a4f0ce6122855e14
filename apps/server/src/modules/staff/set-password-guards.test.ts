import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { employees, passwordLinkFailures } from '@portal/db';
import { DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { PASSWORD_MESSAGES } from './password-rules.ts';

// Issue 27 section 7: set_password looks its link up before scrypt, is limited per address, and a
// new password is neither short, one character repeated, common nor the email.
const hashing = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@portal/db', async (importOriginal) => {
  const original = await importOriginal<typeof import('@portal/db')>();
  return {
    ...original,
    hashPassword: (password: string) => {
      hashing.calls += 1;
      return original.hashPassword(password);
    },
  };
});

const t = useTestApp();
const admin = useStaffSession(t, ['agent', 'staff_admin']);

let invited = 0;
async function invite() {
  invited += 1;
  const email = `guarded${invited}@portal.example`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/internal/api/staff/invite',
    headers: admin.headers,
    payload: { email, name: `Guarded ${invited}`, roles: ['agent'] },
  });
  expect(response.statusCode, response.body).toBe(200);
  const token = /#token=([\w-]+)$/.exec(response.json<{ link: string }>().link)?.[1] ?? '';
  return { email, token, employeeId: response.json<{ employee_id: number }>().employee_id };
}

const setPassword = (token: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/api/employees/set_password',
    payload: { token, password },
    remoteAddress,
  });

const unknownToken = (n: number) => `${'u'.repeat(40)}${String(n).padStart(3, '0')}`;

describe('set_password', () => {
  it('answers a link that does not work without hashing the password', async () => {
    const before = hashing.calls;
    const response = await setPassword(unknownToken(1), 'a long enough new password', '10.44.0.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^This link does not work any more/);
    expect(hashing.calls).toBe(before);
  });

  it('refuses, per address, past the sign-in limit of links that do not work, with 429 and a sentence', async () => {
    const address = '10.44.0.2';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await setPassword(unknownToken(attempt), 'a long enough new password', address)).statusCode).toBe(400);
    }
    const { token } = await invite();
    const refused = await setPassword(token, 'a long enough new password', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      errors: [
        'Too many set-password links that do not work came from this network address. Please wait 15 minutes and try again.',
      ],
    });
    // Another address is not held up, and the window passes.
    expect((await setPassword(unknownToken(99), 'a long enough new password', '10.44.0.3')).statusCode).toBe(400);
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await setPassword(token, 'a long enough new password', address)).statusCode).toBe(200);
    expect(
      await t.database.db.select().from(passwordLinkFailures).where(eq(passwordLinkFailures.ipAddress, address)),
    ).toHaveLength(20);
  });

  it('refuses a password of one repeated character, a common one, a run, or the email, with a sentence and no hashing; the link still works', async () => {
    const { email, token, employeeId } = await invite();
    const before = hashing.calls;
    const cases: Array<[string, string]> = [
      ['aaaaaaaaaaaa', 'password: Choose a password that is not one character repeated.'],
      ['password1234', PASSWORD_MESSAGES.common],
      ['qwertyuiopasdf', PASSWORD_MESSAGES.pattern],
      [email, PASSWORD_MESSAGES.email],
    ];
    for (const [password, sentence] of cases) {
      const response = await setPassword(token, password, '10.44.0.4');
      expect(response.statusCode, password).toBe(400);
      expect(response.json().errors.join(' '), password).toContain(sentence.replace(/^password: /, ''));
    }
    expect(hashing.calls).toBe(before);
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, employeeId));
    const ok = await setPassword(token, DEFAULT_TEST_PASSWORD, '10.44.0.4');
    expect(ok.statusCode, ok.body).toBe(200);
    // The spy sees the hashing of a password that is set, so the counts above mean something.
    expect(hashing.calls).toBe(before + 1);
    const [after] = await t.database.db.select().from(employees).where(eq(employees.id, employeeId));
    expect(after?.passwordHash).not.toBe(row?.passwordHash);
  });
});
