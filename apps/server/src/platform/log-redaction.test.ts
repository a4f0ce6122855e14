import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createCustomer, createTicket } from '@portal/db/testing';
import { captureLog } from '../testing/captured-log.ts';
import { useStaffSession, useTestApp } from '../testing/use-test-app.ts';
import { redactUrl } from './log-redaction.ts';
import { callAsStaff } from '../testing/staff-helpers.ts';

describe('redactUrl', () => {
  it('replaces the values of secret query parameters, however their names are written', () => {
    expect(redactUrl('/internal/api/tickets?num=10&token=abc.def')).toBe(
      '/internal/api/tickets?num=10&token=[redacted]',
    );
    expect(redactUrl('/x?%74oken=abc&TOKEN=def&apiToken=ghi&password=p&otp=123456')).toBe(
      '/x?%74oken=[redacted]&TOKEN=[redacted]&apiToken=[redacted]&password=[redacted]&otp=[redacted]',
    );
    expect(redactUrl('/x?token')).toBe('/x?token=[redacted]');
    expect(redactUrl('/x?id=1&tokens=keep')).toBe('/x?id=1&tokens=keep');
    expect(redactUrl('/x')).toBe('/x');
  });
});

describe('request logs', () => {
  const log = captureLog();
  const t = useTestApp({ logLevel: 'info', logStream: log });
  const staff = useStaffSession(t);

  it('never write a session token given in the query or the body', async () => {
    const query = await t.app.inject({ method: 'GET', url: `/internal/api/employees/session?token=${staff.token}` });
    expect(query.statusCode).toBe(200);
    const body = await t.app.inject({
      method: 'PATCH',
      url: '/internal/api/toggle_online',
      payload: { token: staff.token, online: false },
    });
    expect(body.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/internal/api/tickets?token=not-a-real-token-but-secret',
    });
    expect(refused.statusCode).toBe(401);

    const requestLines = log.entries().filter((entry) => entry.msg === 'incoming request');
    expect(requestLines.map((entry) => (entry.req as { url: string }).url)).toContain(
      '/internal/api/employees/session?token=[redacted]',
    );
    expect(log.text()).not.toContain(staff.token);
    expect(log.text()).not.toContain('not-a-real-token-but-secret');
  });

  it('log a failed query by its statement and code, not by the customer data it carried', async () => {
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550162' });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: '5035550162' });
    // A table gone from under the API: the email history insert fails with the new address as a parameter.
    await t.database.db.execute(sql`alter table customer_emails rename to customer_emails_moved`);
    try {
      const response = await callAsStaff(t.app, staff, 'PATCH', 'user_info', {
        id: ticket.id,
        parameter: 'email',
        text: 'very.private.person@example.com',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().errors[0]).toMatch(/^Something went wrong on the server/);
    } finally {
      await t.database.db.execute(sql`alter table customer_emails_moved rename to customer_emails`);
    }
    const failure = log.entries().find((entry) => entry.msg === 'query failed');
    expect(failure?.database).toMatchObject({ code: '42P01' });
    expect(String((failure?.database as { query: string }).query)).toMatch(/customer_emails/);
    expect(log.text()).not.toContain('very.private.person@example.com');
    expect(log.text()).not.toContain(customer.email);
    expect(log.text()).not.toContain('params');
  });
});
