import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { auditEvents, employees, sessions, signInAttempts } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { enableMfa, MESSAGES_FOR_TESTS, signIn } from '../../testing/session-helpers.ts';
import { createTestApp, testAppDeps, type TestApp } from '../../testing/test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

let t: TestApp;
let emailCounter = 0;
const newEmail = () => `employee${++emailCounter}@portal.example`;

beforeAll(async () => {
  t = await createTestApp({ signIn: { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 } });
});
afterAll(() => t.close());
// Each test signs in from its own address, so the per-address limit of one test does not leak into another.
let address = 0;
beforeEach(() => {
  address += 1;
});
const from = () => `10.0.${Math.floor(address / 250)}.${address % 250}`;

async function countRows(table: typeof sessions | typeof signInAttempts | typeof auditEvents) {
  const [row] = await t.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('POST employees/sign_in', () => {
  it('answers the session for the right password, and records the sign-in', async () => {
    const email = newEmail();
    const employee = await createEmployee(t.database.db, { email, roles: ['agent', 'escalations'] });
    const response = await signIn(t.app, { email: email.toUpperCase(), password: DEFAULT_TEST_PASSWORD }, from());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      email,
      employeeId: employee.id,
      clearance: 1,
      online: false,
      permissions: ['lists.export', 'tickets.view_escalated'],
      mfaEnabled: false,
      sts_key_id: null,
      sts_secret_key: null,
      sts_session_token: null,
    });
    expect(body.apiToken).toMatch(/^[\w-]{43}$/);
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(2 * 24 * 60 * 60 * 1000);

    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.employeeId, employee.id));
    expect(stored?.tokenHash).not.toContain(body.apiToken);
    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.employeeId, employee.id));
    expect(audit.map((event) => event.action)).toEqual(['employee.sign_in']);
  });

  it('refuses a wrong password and an unknown email with the same words, and opens no session', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const sessionsBefore = await countRows(sessions);
    const wrong = await signIn(t.app, { email, password: 'not the password' }, from());
    const unknown = await signIn(t.app, { email: newEmail(), password: DEFAULT_TEST_PASSWORD }, from());
    for (const response of [wrong, unknown]) {
      expectErrors(response, 401, [MESSAGES_FOR_TESTS.invalidCredentials]);
    }
    expect(await countRows(sessions)).toBe(sessionsBefore);
  });

  it('limits failed attempts per email, then lets the employee in once the window has passed', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(t.app, { email, password: 'wrong' }, from())).statusCode).toBe(401);
    }
    const limited = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(
      /^Too many failed sign-in attempts for this email\. Please wait 15 minutes/,
    );

    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from())).statusCode).toBe(200);
  });

  it('limits failed attempts per network address on emails that are no account, then refuses every email', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await signIn(t.app, { email: newEmail(), password: 'guess' }, from())).statusCode).toBe(401);
    }
    const limited = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/from this network address/);
    // An unknown email gets the same answer, so the limit does not tell which emails exist.
    const unknown = await signIn(t.app, { email: newEmail(), password: 'guess' }, from());
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(limited.json());
    // Another address is not affected.
    address += 1;
    expect((await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from())).statusCode).toBe(200);
  });

  it('does not lock an address for wrong passwords on real accounts (limited per email), so one shared address keeps working', async () => {
    // Behind a proxy without TRUST_PROXY, every employee comes from one address.
    const colleagues = [newEmail(), newEmail(), newEmail(), newEmail()];
    for (const email of colleagues) await createEmployee(t.database.db, { email });
    for (const email of colleagues) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await signIn(t.app, { email, password: 'typo' }, from())).statusCode).toBe(401);
      }
    }
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    expect((await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from())).statusCode).toBe(200);
    // Each of those accounts is at its own limit.
    expect(
      (await signIn(t.app, { email: colleagues[0] ?? '', password: DEFAULT_TEST_PASSWORD }, from())).statusCode,
    ).toBe(429);
    const attempts = await t.database.db.select().from(signInAttempts).where(eq(signInAttempts.ipAddress, from()));
    expect(attempts.every((attempt) => attempt.accountExists)).toBe(true);
  });
});

describe('MFA', () => {
  async function enrol(email: string) {
    const response = await enableMfa(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(response.statusCode).toBe(200);
    const uri = new URL(response.json().otp_uri);
    return uri.searchParams.get('secret') ?? '';
  }
  const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

  it('enrols, turns on with the first good code, then requires, checks and never reuses a code', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const secret = await enrol(email);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Until a code is confirmed, MFA is not on yet.
    expect((await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from())).json().mfaEnabled).toBe(false);

    const wrongFirst = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: '000000' }, from());
    expect(wrongFirst.statusCode).toBe(401);

    const code = await codeAt(secret, t.clock.now());
    const first = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: code }, from());
    expect(first.statusCode).toBe(200);
    expect(first.json().mfaEnabled).toBe(true);

    const missing = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expectErrors(missing, 401, [MESSAGES_FOR_TESTS.otpRequired]);

    const wrong = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: '123456' }, from());
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors[0]).toMatch(/one-time password is incorrect/);

    const replay = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: code }, from());
    expect(replay.statusCode).toBe(401);

    t.clock.advance(30_000);
    const next = await codeAt(secret, t.clock.now());
    const spaced = `${next.slice(0, 3)} ${next.slice(3)}`;
    expect((await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: spaced }, from())).statusCode).toBe(200);

    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .innerJoin(employees, eq(employees.id, auditEvents.employeeId))
      .where(eq(employees.email, email));
    expect(actions.map((row) => row.action)).toEqual([
      'employee.mfa_enrolment_started',
      'employee.sign_in',
      'employee.mfa_enabled',
      'employee.sign_in',
      'employee.sign_in',
    ]);
  });

  it('will not enrol a new device once MFA is on, nor without the right password', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const secret = await enrol(email);
    await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeAt(secret, t.clock.now()) }, from());

    const again = await enableMfa(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatch(/MFA is already on/);

    const wrongPassword = await enableMfa(t.app, { email: newEmail(), password: 'nope' }, from());
    expectErrors(wrongPassword, 401, [MESSAGES_FOR_TESTS.invalidCredentials]);
  });
});

// A new employee signed in with the test password: their API token.
async function signedIn() {
  const email = newEmail();
  await createEmployee(t.database.db, { email });
  const response = await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from());
  return response.json().apiToken as string;
}

describe('the session token', () => {
  it('is accepted as a bearer header, and as a token field in the query or the body', async () => {
    const token = await signedIn();
    const header = await t.app.inject({
      method: 'GET',
      url: '/internal/api/employees/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(header.statusCode).toBe(200);
    expect(header.json()).not.toHaveProperty('apiToken');

    const query = await t.app.inject({ method: 'GET', url: '/internal/api/employees/session', query: { token } });
    expect(query.statusCode).toBe(200);

    const body = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/toggle_online',
      payload: { online: true, token },
    });
    expect(body.statusCode).toBe(200);
  });

  it('answers 401 without a token and with a made-up one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/internal/api/employees/session' });
    expectErrors(none, 401, ['Sign in to continue.']);
    const madeUp = await t.app.inject({
      method: 'GET',
      url: '/internal/api/employees/session',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(madeUp.statusCode).toBe(401);
  });

  it('expires two days after sign-in', async () => {
    const token = await signedIn();
    const get = () =>
      t.app.inject({
        method: 'GET',
        url: '/internal/api/employees/session',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 60 * 60 * 1000 - 1000);
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(1000);
    const expired = await get();
    expectErrors(expired, 401, ['Your session has expired. Please sign in again.']);
  });

  it('stops working at sign-out, which is recorded', async () => {
    const token = await signedIn();
    const headers = { authorization: `Bearer ${token}` };
    // Looked up once, so a cached copy exists that sign-out must drop.
    expect((await t.app.inject({ method: 'GET', url: '/internal/api/employees/session', headers })).statusCode).toBe(
      200,
    );
    const out = await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ signedOut: true });
    const after = await t.app.inject({ method: 'GET', url: '/internal/api/employees/session', headers });
    expect(after.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers })).statusCode,
    ).toBe(401);
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'employee.sign_out'));
    expect(event).toBeDefined();
  });

  it('signed out in one API process is refused at once by another on the same database', async () => {
    const { buildApp } = await import('../../app.ts');
    const other = await buildApp(testAppDeps(t.database, t.clock));
    try {
      const token = await signedIn();
      const headers = { authorization: `Bearer ${token}` };
      expect((await other.inject({ method: 'GET', url: '/internal/api/employees/session', headers })).statusCode).toBe(
        200,
      );
      await t.app.inject({ method: 'DELETE', url: '/internal/api/employees/sign_out', headers });
      await expect
        .poll(
          async () =>
            (await other.inject({ method: 'GET', url: '/internal/api/employees/session', headers })).statusCode,
        )
        .toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('PATCH toggle_online', () => {
  it('saves the online value, shows it in the session and records before and after', async () => {
    const email = newEmail();
    const employee = await createEmployee(t.database.db, { email });
    const token = (await signIn(t.app, { email, password: DEFAULT_TEST_PASSWORD }, from())).json().apiToken;
    const headers = { authorization: `Bearer ${token}` };
    await t.app.inject({ method: 'GET', url: '/internal/api/employees/session', headers });

    const on = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/toggle_online',
      headers,
      payload: { online: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ online: true });
    const session = await t.app.inject({ method: 'GET', url: '/internal/api/employees/session', headers });
    expect(session.json().online).toBe(true);
    const [stored] = await t.database.db.select().from(employees).where(eq(employees.id, employee.id));
    expect(stored?.online).toBe(true);

    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'employee.toggle_online'), eq(auditEvents.employeeId, employee.id)));
    expect(event).toMatchObject({ employeeId: employee.id, before: { online: false }, after: { online: true } });
  });
});

describe('bad input', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/internal/api/employees/sign_in',
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: from(),
    });

  it.each([
    ['malformed JSON', '{"employee": {', 'The request body is not valid JSON.'],
    ['a missing employee', '{}', 'The employee field is required.'],
    ['a missing email', '{"employee":{"password":"x"}}', 'Email is required.'],
    ['a number for the email', '{"employee":{"email":5,"password":"x"}}', 'Email is required.'],
    ['an invalid email', '{"employee":{"email":"no-at-sign","password":"x"}}', 'Email is not a valid email address.'],
    [
      'an over-long email',
      JSON.stringify({ employee: { email: `${'a'.repeat(250)}@x.com`, password: 'x' } }),
      'Email must be at most 254 characters.',
    ],
    [
      'an over-long password',
      JSON.stringify({ employee: { email: 'a@b.co', password: 'x'.repeat(201) } }),
      'Password must be at most 200 characters.',
    ],
    [
      'a malformed OTP',
      '{"employee":{"email":"a@b.co","password":"x","otp":"12ab56"}}',
      'The one-time password must be 6 digits.',
    ],
    ['an array body', '[1,2]', undefined],
  ])('answers 400 for %s and writes nothing', async (_case, payload, message) => {
    const before = await Promise.all([countRows(sessions), countRows(signInAttempts), countRows(auditEvents)]);
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(Array.isArray(errors) && errors.length > 0).toBe(true);
    if (message) expect(errors).toContain(message);
    expect(await Promise.all([countRows(sessions), countRows(signInAttempts), countRows(auditEvents)])).toEqual(before);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const response = await post('<employee/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json().errors).toHaveLength(1);
  });

  it('answers 400 for a toggle that is not a boolean, before writing anything', async () => {
    const headers = { authorization: `Bearer ${await signedIn()}` };
    const response = await callAsStaff(t.app, { headers }, 'PATCH', 'toggle_online', { online: 'yes' });
    expectErrors(response, 400, ['Online must be true or false.']);
  });

  // Signed out, an unknown call is a 401 like any other (decision 014).
  it('answers 404 with an errors list for an unknown call of a signed-in employee', async () => {
    const headers = { authorization: `Bearer ${await signedIn()}` };
    const response = await callAsStaff(t.app, { headers }, 'GET', 'no_such_call');
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toHaveLength(1);
  });
});
