import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { auditEvents, sessions, signInAttempts } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { buildApp } from '../../app.ts';
import { PROXY_WARNING } from '../../plugins/proxy-warning.ts';
import { enableMfa, MESSAGES_FOR_TESTS, signIn } from '../../testing/session-helpers.ts';
import { createTestApp, testAppDeps, type TestApp, type TestAppOptions } from '../../testing/test-app.ts';

// Races and limits of sign-in: several apps (one per set of limits) on one database, as several
// API processes would be. Each test uses its own emails and its own network address.
let t: TestApp;
const apps: FastifyInstance[] = [];
async function appWith(options: TestAppOptions) {
  const app = await buildApp(testAppDeps(t.database, t.clock, options));
  apps.push(app);
  return app;
}
let strict: FastifyInstance;
let lenient: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  strict = await appWith({ signIn: { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 } });
  // Limits that no test here reaches, so that every parallel attempt gets to its code check.
  lenient = await appWith({ signIn: { windowMinutes: 15, maxFailuresPerEmail: 100, maxFailuresPerAddress: 100 } });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

let emailCounter = 0;
const newEmail = () => `limits${++emailCounter}@portal.example`;
let address = 0;
beforeEach(() => {
  address += 1;
});
const from = () => `10.1.${Math.floor(address / 250)}.${address % 250}`;

const statusCounts = (responses: Array<{ statusCode: number }>) =>
  responses.reduce<Record<number, number>>(
    (counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }),
    {},
  );

async function attemptsOf(email: string) {
  return t.database.db.select().from(signInAttempts).where(eq(signInAttempts.email, email));
}

describe('parallel wrong passwords', () => {
  it('of 40 at once for one email, checks exactly 5 and refuses 35', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => signIn(strict, { email, password: 'wrong password' }, from())),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 35 });
    for (const response of responses) {
      expect(response.json().errors).toEqual(
        response.statusCode === 401
          ? [MESSAGES_FOR_TESTS.invalidCredentials]
          : ['Too many failed sign-in attempts for this email. Please wait 15 minutes and try again.'],
      );
    }
    // Every attempt is recorded; the refused ones checked nothing and are no failures.
    const attempts = await attemptsOf(email);
    expect(attempts.filter((row) => !row.refused && !row.succeeded)).toHaveLength(5);
    expect(attempts.filter((row) => row.refused)).toHaveLength(35);

    t.clock.advance(15 * 60 * 1000 + 1);
    const later = await signIn(strict, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(later.statusCode).toBe(200);
    expect((await attemptsOf(email)).filter((row) => row.succeeded)).toHaveLength(1);
  });

  it('of 40 at once to enable_2fa for one email, checks exactly 5 and refuses 35', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => enableMfa(strict, { email, password: 'wrong password' }, from())),
    );
    expect(statusCounts(responses)).toEqual({ 401: 5, 429: 35 });
  });

  it('a right password to enable_2fa leaves no attempt: neither a failure nor a success that resets the count', async () => {
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(strict, { email, password: 'wrong' }, from())).statusCode).toBe(401);
    }
    const enrol = await enableMfa(strict, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(enrol.statusCode).toBe(200);
    expect(await attemptsOf(email)).toHaveLength(4);
    // The fifth failure still reaches the limit.
    expect((await signIn(strict, { email, password: 'wrong' }, from())).statusCode).toBe(401);
    expect((await signIn(strict, { email, password: DEFAULT_TEST_PASSWORD }, from())).statusCode).toBe(429);
  });
});

describe('one TOTP code sent by many sign-ins at once', () => {
  async function enrol(app: FastifyInstance, email: string) {
    const response = await enableMfa(app, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(response.statusCode).toBe(200);
    return new URL(response.json().otp_uri).searchParams.get('secret') ?? '';
  }
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
  const sessionsOf = async (employeeId: number) =>
    (await t.database.db.select().from(sessions).where(eq(sessions.employeeId, employeeId))).length;

  it('signs in exactly one of 12; the others get the code refused and a failed attempt', async () => {
    const email = newEmail();
    const employee = await createEmployee(t.database.db, { email });
    const secret = await enrol(lenient, email);
    expect(
      (await signIn(lenient, { email, password: DEFAULT_TEST_PASSWORD, otp: await codeNow(secret) }, from()))
        .statusCode,
    ).toBe(200);

    t.clock.advance(30_000);
    const otp = await codeNow(secret);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => signIn(lenient, { email, password: DEFAULT_TEST_PASSWORD, otp }, from())),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 401: 11 });
    for (const response of responses.filter((each) => each.statusCode === 401)) {
      expect(response.json().errors[0]).toMatch(/one-time password is incorrect or has expired/);
    }
    expect(await sessionsOf(employee.id)).toBe(2);
    const attempts = await attemptsOf(email);
    expect(attempts.filter((row) => row.succeeded)).toHaveLength(2);
    expect(attempts.filter((row) => !row.succeeded && !row.refused)).toHaveLength(11);
  });

  it('turns MFA on once when 12 first sign-ins send the first code at once', async () => {
    const email = newEmail();
    const employee = await createEmployee(t.database.db, { email });
    const secret = await enrol(lenient, email);
    const otp = await codeNow(secret);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => signIn(lenient, { email, password: DEFAULT_TEST_PASSWORD, otp }, from())),
    );
    expect(statusCounts(responses)).toEqual({ 200: 1, 401: 11 });
    expect(responses.find((response) => response.statusCode === 200)?.json().mfaEnabled).toBe(true);
    const enabled = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.employeeId, employee.id), eq(auditEvents.action, 'employee.mfa_enabled')));
    expect(enabled).toHaveLength(1);
    expect(await sessionsOf(employee.id)).toBe(1);
  });
});

describe('the per-address limit', () => {
  it('has a ceiling of 5 times the limit on all failures, wrong passwords on real accounts included', async () => {
    // A limit of 2 failures on unknown emails makes a ceiling of 10.
    const small = await appWith({ signIn: { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 2 } });
    const accounts = [newEmail(), newEmail()];
    for (const email of accounts) await createEmployee(t.database.db, { email });
    for (const email of accounts) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await signIn(small, { email, password: 'wrong' }, from())).statusCode).toBe(401);
      }
    }
    const email = newEmail();
    await createEmployee(t.database.db, { email });
    const limited = await signIn(small, { email, password: DEFAULT_TEST_PASSWORD }, from());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatch(/from this network address/);
    address += 1;
    expect((await signIn(small, { email, password: DEFAULT_TEST_PASSWORD }, from())).statusCode).toBe(200);
  });
});

describe('a forwarded request without TRUST_PROXY', () => {
  // pino writes one JSON line per call.
  function capturedLog() {
    const lines: Array<{ level: number; msg: string }> = [];
    return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } };
  }
  const health = (app: FastifyInstance, forwarded: boolean) =>
    app.inject({
      method: 'GET',
      url: '/internal/api/health',
      remoteAddress: '192.0.2.10',
      headers: forwarded ? { 'x-forwarded-for': '198.51.100.7' } : {},
    });

  it('is warned about once, outside dev: every client shares the proxy address for the sign-in limit', async () => {
    const log = capturedLog();
    const app = await appWith({ stage: 'production', trustProxy: false, logLevel: 'warn', logStream: log.stream });
    await health(app, false);
    expect(log.lines).toHaveLength(0);
    for (let request = 0; request < 3; request += 1) await health(app, true);
    const warnings = log.lines.filter((line) => line.msg === PROXY_WARNING);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, proxyAddress: '192.0.2.10' });
    expect(PROXY_WARNING).toMatch(/every client then shares the proxy's address for the sign-in rate limit/);
    expect(PROXY_WARNING).toMatch(/set TRUST_PROXY to how many there are \(TRUST_PROXY=1 behind one load balancer\)/);
  });

  it('is not warned about with TRUST_PROXY, nor in dev', async () => {
    for (const overrides of [
      { stage: 'production', trustProxy: 1 },
      { stage: 'production', trustProxy: ['10.0.0.0/8'] },
      { stage: 'dev', trustProxy: false },
    ] as const) {
      const log = capturedLog();
      const app = await appWith({ ...overrides, logLevel: 'warn', logStream: log.stream });
      await health(app, true);
      expect(log.lines.filter((line) => line.msg === PROXY_WARNING)).toHaveLength(0);
    }
  });
});
