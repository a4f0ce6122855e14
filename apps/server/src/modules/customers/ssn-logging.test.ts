import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCustomer } from '@portal/db/testing';
import { captureLog } from '../../testing/captured-log.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// No SSN reaches the log: not from a request body, not from the answer, not from a failed query.
describe('SSNs and the log', () => {
  const log = captureLog();
  const t = useTestApp({ logLevel: 'trace', logStream: log });
  const staff = useSignedInStaff(t, { roles: ['agent', 'ssn_reveal', 'ssn_editor'], online: false });

  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/internal/api/users/${path}`, headers: staff.headers, payload });

  it('redacts an ssn field at any depth a body is logged', () => {
    t.app.log.info(
      { ssn: '432-10-9876', body: { ssn: '432109876' }, request: { body: { ssn: '432 10 9876' } } },
      'probe',
    );
    const entry = log.entries().find((line) => line.msg === 'probe');
    expect(entry).toMatchObject({
      ssn: '[redacted]',
      body: { ssn: '[redacted]' },
      request: { body: { ssn: '[redacted]' } },
    });
  });

  it('logs neither the number sent, nor the number revealed, nor the parameters of a failed query', async () => {
    const customer = await createCustomer(t.database.db);
    expect((await post('update_ssn', { user_id: customer.id, ssn: '432-10-9876' })).statusCode).toBe(200);
    expect((await post('reveal_ssn', { user_id: customer.id, reason: 'Checking the log' })).statusCode).toBe(200);
    expect((await post('update_ssn', { user_id: customer.id, ssn: '432-1O-9876' })).statusCode).toBe(400);
    // A column gone from under the API: the update fails with the sealed number among its parameters.
    await t.database.db.execute(sql`alter table customers rename column ssn_last4 to ssn_last4_moved`);
    try {
      const failed = await post('update_ssn', { user_id: customer.id, ssn: '543-21-0987' });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table customers rename column ssn_last4_moved to ssn_last4`);
    }
    expect(log.entries().some((entry) => entry.msg === 'query failed')).toBe(true);
    const text = log.text();
    for (const digits of [/432.?10.?9876/, /543.?21.?0987/, /gcm1:/]) expect(text).not.toMatch(digits);
  });
});
