import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_AUTO_RESPONSES } from '@portal/contracts';
import { customers, macros, messages, tickets } from '@portal/db';
import { createCustomer, createMacro } from '@portal/db/testing';
import { postEmail, postSms, rawEmail, twilioSmsParams } from '../../testing/inbound-requests.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

// Business hours are the default, Mon-Fri 08:00-17:00 America/Los_Angeles. The test clock starts
// at Saturday 2026-11-21 09:00 PST (17:00 UTC): after hours.
const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const smsOptions = { authToken, publicUrl };
const secret = 'relay-secret-for-tests';
const SATURDAY_MORNING = new Date('2026-11-21T17:00:00Z');
const MONDAY_MORNING = new Date('2026-11-23T18:00:00Z'); // 10:00 PST
const FRIDAY_EVENING = new Date('2026-11-21T01:00:00Z'); // Fri 20th 17:00 PST: closed at 17:00

let t: TestApp;
let sid = 0;
const nextSid = () => `SM${String((sid += 1)).padStart(32, '0')}`;

beforeAll(async () => {
  t = await createTestApp({
    twilio: { accountSid: null, authToken, fromNumber: null },
    publicUrl,
    inboundEmailSecret: secret,
  });
});
afterAll(() => t.close());

async function text(from: string, body: string) {
  const response = await postSms(t.app, twilioSmsParams({ from, body, sid: nextSid() }), smsOptions);
  expect(response.statusCode).toBe(200);
}

async function ticketOf(contact: string) {
  const found = await t.database.db.select().from(tickets).where(eq(tickets.contact, contact));
  expect(found).toHaveLength(1);
  return found[0]!;
}

const outbound = (ticketId: number) =>
  t.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.inbound, false)))
    .orderBy(messages.id);

describe('after-hours auto-response', () => {
  it('queues one auto-reply in the outbox for a text that opens a ticket after hours', async () => {
    t.clock.set(SATURDAY_MORNING);
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550301' });
    await text('+15035550301', 'Can I move my payment?');

    const ticket = await ticketOf('5035550301');
    const replies = await outbound(ticket.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      type: 'text',
      inbound: false,
      autoResponse: true,
      employeeId: null,
      macroId: null,
      status: 'queued', // no SMS provider in this app: it waits in the outbox
      toAddress: '5035550301',
      subject: null,
      body: DEFAULT_AUTO_RESPONSES.text,
      ticketId: ticket.id,
      customerId: customer.id,
      processed: true,
      createdAt: SATURDAY_MORNING,
      nextAttemptAt: SATURDAY_MORNING,
    });
    // The customer still waits for an agent: the ticket stays open, their message unanswered.
    expect(ticket).toMatchObject({ state: 'open', autoRespondedAt: SATURDAY_MORNING, followedUpAt: null });
    expect(ticket.firstResponseAt).toBeNull();
    const [inbound] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.inbound, true)));
    expect(inbound?.processed).toBe(false);
    const audit = await auditEventsOf(t.database.db, 'ticket.auto_response_queued', ticket.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ employeeId: null, after: { messageId: replies[0]!.id, channel: 'text' } });
  });

  it('sends no second auto-reply when the customer writes again on the same ticket, and notes the follow-up', async () => {
    t.clock.set(new Date(SATURDAY_MORNING.getTime() + 10 * 60_000));
    await text('+15035550301', 'Hello? Anyone there?');

    const ticket = await ticketOf('5035550301');
    expect(await outbound(ticket.id)).toHaveLength(1);
    expect(ticket.followedUpAt).toEqual(new Date(SATURDAY_MORNING.getTime() + 10 * 60_000));
  });

  it('sends none during business hours, and none at closing time is after hours', async () => {
    t.clock.set(MONDAY_MORNING);
    await text('+15035550302', 'Monday question');
    const monday = await ticketOf('5035550302');
    expect(await outbound(monday.id)).toEqual([]);
    expect(monday.autoRespondedAt).toBeNull();

    t.clock.set(FRIDAY_EVENING);
    await text('+15035550303', 'Friday at five');
    expect(await outbound((await ticketOf('5035550303')).id)).toHaveLength(1);
  });

  it("uses the after_hours_text macro when it exists, with the customer's first name filled in", async () => {
    t.clock.set(SATURDAY_MORNING);
    const macro = await createMacro(t.database.db, {
      title: 'after_hours_text',
      body: 'Hi {first_name}, we are closed. {agent_name} will text you back at 8am.',
    });
    await createCustomer(t.database.db, { phoneNumber: '5035550304', firstName: 'Rosa' });
    await text('+15035550304', 'Late question');
    // An unknown sender: the name is left out, not sent as {first_name}.
    await text('+15035550305', 'Who is this?');

    const [known] = await outbound((await ticketOf('5035550304')).id);
    expect(known).toMatchObject({ body: 'Hi Rosa, we are closed. will text you back at 8am.', macroId: macro.id });
    const [unknown] = await outbound((await ticketOf('5035550305')).id);
    expect(unknown).toMatchObject({ body: 'Hi, we are closed. will text you back at 8am.', autoResponse: true });
    await t.database.db.delete(macros).where(eq(macros.id, macro.id));
  });

  it('answers an email after hours with the after_hours_email macro, threaded to the customer email', async () => {
    t.clock.set(SATURDAY_MORNING);
    const macro = await createMacro(t.database.db, {
      title: 'after_hours_email',
      body: 'Dear {full_name},\n\nWe are away until Monday.',
    });
    await createCustomer(t.database.db, { email: 'ana.lee@example.com', firstName: 'Ana', lastName: 'Lee' });
    const id = `<auto1.${process.pid}@mail.example>`;
    const response = await postEmail(
      t.app,
      rawEmail({ from: 'ana.lee@example.com', subject: 'Statement', messageId: id, text: 'Where is it?' }),
      secret,
    );
    expect(response.statusCode).toBe(200);

    const replies = await outbound((await ticketOf('ana.lee@example.com')).id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      type: 'email',
      autoResponse: true,
      employeeId: null,
      macroId: macro.id,
      subject: 'Re: Statement',
      body: 'Dear Ana Lee,\n\nWe are away until Monday.',
      toAddress: 'ana.lee@example.com',
      externalId: id, // the In-Reply-To id, until the provider gives the reply its own
      status: 'queued',
    });
    await t.database.db.delete(macros).where(eq(macros.id, macro.id));
  });

  it('sends nothing to a customer marked Do Not Contact', async () => {
    t.clock.set(SATURDAY_MORNING);
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550306' });
    await t.database.db.update(customers).set({ dnc: true }).where(eq(customers.id, customer.id));
    await text('+15035550306', 'Stop texting me');
    const ticket = await ticketOf('5035550306');
    expect(await outbound(ticket.id)).toEqual([]);
    expect(ticket.autoRespondedAt).toBeNull();
  });
});
