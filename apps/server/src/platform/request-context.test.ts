import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, messages } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { createRecordingMailer } from '../testing/recording-senders.ts';
import { createSignedInStaff, type SignedInStaff } from '../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { getTicket } from '../testing/ticket-helpers.ts';

// The request id (issue 42, decision 071) from the answer's X-Request-Id to the log lines, the
// audit events and the queued message, and on to the outbox's delivery line.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let t: TestApp;
let agent: SignedInStaff;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  t = await createTestApp({
    mailer: createRecordingMailer(),
    logLevel: 'info',
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  agent = await createSignedInStaff(t.app, t.database.db, { name: 'Alex Agent' });
});
afterAll(() => t.close());

describe('the request id', () => {
  it('is answered in X-Request-Id: a fresh UUID, or a proxy’s id when it looks like one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/livez' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const kept = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': 'lb-7f3a9c21.0001' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21.0001');
    for (const hostile of ['short', 'has space in it', 'x'.repeat(129), 'line\\nbreak-injected']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/livez', headers: { 'x-request-id': hostile } });
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('runs through the log, the audit and the outbox, to the delivery', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      channel: 'email',
      contact: customer.email,
    });
    await getTicket(t.app, agent, ticket.id);
    const requestId = 'proxy-trace-0042-send';
    const response = await t.app.inject({
      method: 'POST',
      url: '/internal/api/send_reply',
      headers: { ...agent.headers, 'x-request-id': requestId },
      payload: { id: ticket.id, reply: 'Your payment is moved.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-request-id']).toBe(requestId);
    expect(lines.some((line) => line.request_id === requestId && line.msg === 'request completed')).toBe(true);

    const [queued] = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(messages.id)
      .then((rows) => rows.filter((row) => !row.inbound));
    expect(queued).toMatchObject({ status: 'queued', requestId });
    const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId));
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.employeeId === agent.id)).toBe(true);

    await t.app.outbox.deliverDue();
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'Outbox: message sent', messageId: queued!.id, request_id: requestId }),
    );
    // The delivered message keeps the request that queued it.
    const [sent] = await t.database.db.select().from(messages).where(eq(messages.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', requestId });
  });
});
