import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, messages, tickets } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { postEmail, postSms, rawEmail, twilioSmsParams } from '../../testing/inbound-requests.ts';
import { createSignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { getTickets } from '../../testing/ticket-helpers.ts';

// A customer's reply to an archived ticket must reach somebody: the ticket comes back to the queue.
const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const secret = 'relay-secret-for-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    twilio: { accountSid: null, authToken, fromNumber: null },
    publicUrl,
    inboundEmailSecret: secret,
  });
  // Monday 10:00 in the business time zone: no after-hours auto-response.
  t.clock.set(new Date('2026-11-23T18:00:00Z'));
});
afterAll(() => t.close());

const stored = async (id: number) => (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const unarchivedAudit = (id: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'ticket.unarchived'), eq(auditEvents.entityId, String(id))));

async function queuedIds(): Promise<number[]> {
  const agent = await createSignedInStaff(t.app, t.database.db);
  const response = await getTickets(t.app, agent, 50);
  expect(response.statusCode).toBe(200);
  return (response.json().openTickets as Array<{ id: number }>).map((ticket) => ticket.id);
}

describe('a customer reply to an archived ticket', () => {
  it('brings a text ticket back to the queue, with an audit event', async () => {
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550177' });
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      contact: '5035550177',
      thread: ['first'],
      archivedAt: new Date('2026-11-22T18:00:00Z'),
    });
    expect(await queuedIds()).not.toContain(ticket.id);

    const params = twilioSmsParams({ from: '+15035550177', body: 'Any news?', sid: `SM${'7'.repeat(32)}` });
    const response = await postSms(t.app, params, { authToken, publicUrl });
    expect(response.statusCode).toBe(200);

    const [joined] = await t.database.db.select().from(messages).where(eq(messages.externalId, params.MessageSid!));
    expect(joined?.ticketId).toBe(ticket.id);
    expect(await stored(ticket.id)).toMatchObject({ state: 'open', archivedAt: null });
    expect(await queuedIds()).toContain(ticket.id);
    const audit = await unarchivedAudit(ticket.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ employeeId: null, after: { archivedAt: null, reason: 'customer_reply' } });
  });

  it('brings an email ticket back to the queue', async () => {
    const customer = await createCustomer(t.database.db, { email: 'archived.reply@example.com' });
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      channel: 'email',
      contact: 'archived.reply@example.com',
      subject: 'Loan',
      thread: ['first'],
      archivedAt: new Date('2026-11-22T18:00:00Z'),
    });
    const raw = rawEmail({
      from: 'archived.reply@example.com',
      subject: 'Re: Loan',
      messageId: `<archived.${process.pid}@mail.example>`,
      text: 'Hello again',
    });
    const response = await postEmail(t.app, raw, secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ticket_id: ticket.id });
    expect(await stored(ticket.id)).toMatchObject({ state: 'open', archivedAt: null });
    expect(await queuedIds()).toContain(ticket.id);
    expect(await unarchivedAudit(ticket.id)).toHaveLength(1);
  });

  it('leaves an archived ticket archived when only an auto-reply joins it', async () => {
    const customer = await createCustomer(t.database.db, { email: 'archived.robot@example.com' });
    const archivedAt = new Date('2026-11-22T18:00:00Z');
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      channel: 'email',
      contact: 'archived.robot@example.com',
      thread: ['first'],
      archivedAt,
    });
    const raw = rawEmail({
      from: 'archived.robot@example.com',
      subject: 'Out of office',
      messageId: `<robot.${process.pid}@mail.example>`,
      text: 'I am away.',
      extraHeaders: ['Auto-Submitted: auto-replied'],
    });
    expect((await postEmail(t.app, raw, secret)).statusCode).toBe(200);
    expect((await stored(ticket.id))?.archivedAt).toEqual(archivedAt);
  });
});
