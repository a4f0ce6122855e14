import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, sessions, signInAttempts } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import { loadConfig } from '../../config.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import type { TestApp } from '../../testing/test-app.ts';

// Issue 27 section 5: TRUST_PROXY is a hop count or the proxies' addresses, and the client is the
// right-most address not trusted. The left of X-Forwarded-For is whatever the client wrote.
const signInThrough = (t: TestApp, forwardedFor: string, email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/api/employees/sign_in',
    payload: { employee: { email, password } },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('TRUST_PROXY in the configuration', () => {
  it('takes a number of hops or a list of addresses and ranges, off by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      '::1',
      'loopback',
    ]);
  });

  it('refuses true (which believed every forwarded address) and what is no address, with a sentence', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: "true" is no longer accepted: it believed every X-Forwarded-For address.*TRUST_PROXY=1 behind one load balancer/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(
      /TRUST_PROXY: 'proxy\.example' is not an IP address or range/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/'10\.0\.0\.0\/40' is not an IP address/);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/at most 10 proxies/);
  });
});

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  const t = useTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });

  it('takes the right-most forwarded address as the client, for the session and the audit', async () => {
    const email = 'proxied@portal.example';
    const employee = await createEmployee(t.database.db, { email });
    const response = await signInThrough(t, '1.2.3.4, 203.0.113.50', email, DEFAULT_TEST_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.employeeId, employee.id));
    expect(session?.ipAddress).toBe('203.0.113.50');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'employee.sign_in'), eq(auditEvents.employeeId, employee.id)));
    expect(audit?.ipAddress).toBe('203.0.113.50');
  });

  it('does not let spoofed left-most addresses split the sign-in limit: 60 unknown emails reach 429', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const spoofed = `198.18.${Math.floor(attempt / 200)}.${attempt % 200}`;
      const response = await signInThrough(t, `${spoofed}, 203.0.113.60`, `nobody${attempt}@portal.example`, 'guess');
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    const addresses = await t.database.db
      .selectDistinct({ ipAddress: signInAttempts.ipAddress })
      .from(signInAttempts)
      .where(eq(signInAttempts.ipAddress, '203.0.113.60'));
    expect(addresses).toHaveLength(1);
    const spoofedRows = await t.database.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.ipAddress, '198.18.0.1'));
    expect(spoofedRows).toHaveLength(0);
  });
});

describe('with TRUST_PROXY set to the proxies addresses', () => {
  const t = useTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }).trustProxy });

  it('skips the trusted proxies from the right and takes the first address that is none', async () => {
    const email = 'two-proxies@portal.example';
    const employee = await createEmployee(t.database.db, { email });
    const response = await signInThrough(t, '6.6.6.6, 198.51.100.4, 10.1.1.1', email, DEFAULT_TEST_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.employeeId, employee.id));
    expect(session?.ipAddress).toBe('198.51.100.4');
  });
});
