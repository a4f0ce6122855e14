import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerBankruptcies, customers, messages } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createRecordingSms, type RecordingSms } from '../../testing/recording-senders.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// The contact gate (decision 046) through the calls that send: the verdict on the wire, the row the
// outbox got (held until the window opens), what the provider got, the audit trail, and that a
// refusal writes nothing but its audit event.

let t: TestApp;
let sms: RecordingSms;
let staff: SignedInStaff;

beforeAll(async () => {
  sms = createRecordingSms();
  t = await createTestApp({ sms });
  staff = await createSignedInStaff(t.app, t.database.db, { name: 'Maria Delgado' });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload: object) =>
  callAsStaff(t.app, staff, method, path, payload);
const compose = (customerId: number, purpose: 'collection' | 'servicing' = 'servicing', message = 'Hello') =>
  call('POST', 'users/originate_message', {
    user_id: customerId,
    message_type: 'text',
    message,
    thread: 'new',
    purpose,
  });
// The preview before Send: the verdict on a servicing message to the customer.
const verdictOf = (customerId: number, channel: 'text' | 'email') =>
  call('GET', 'users/contact_verdict', { user_id: String(customerId), channel, purpose: 'servicing' });
// The clock moved, and staff signed in again at that time (a session does not outlive a night).
const atTime = async (at: Date | string) => {
  t.clock.set(new Date(at));
  staff = await createSignedInStaff(t.app, t.database.db, { name: 'Maria Delgado' });
};
const messageRow = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
// A New York customer (UTC-5 in November).
const newYorker = () => createCustomer(t.database.db, { state: 'NY' });

describe('the quiet hours', () => {
  it('holds a text written at 9:42 pm until 8:00 am, audits the verdict, and sends it when the window opens', async () => {
    const customer = await newYorker();
    await atTime('2026-11-22T02:42:00Z');
    const preview = await verdictOf(customer.id, 'text');
    expect(preview.json()).toEqual({
      verdict: 'hold',
      sentence: 'It is 9:42 pm for this customer; the text will go out at 8:00 am on Sun, Nov 22.',
      until: '2026-11-22T13:00:00.000Z',
    });

    const sent = await compose(customer.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(
      `Text to ${customer.phoneNumber} is held for the customer's quiet hours. It is 9:42 pm for this customer; the text will go out at 8:00 am on Sun, Nov 22.`,
    );
    const id = sent.json().message_id as number;
    expect(await messageRow(id)).toMatchObject({
      status: 'queued',
      purpose: 'servicing',
      heldUntil: new Date('2026-11-22T13:00:00Z'),
      nextAttemptAt: new Date('2026-11-22T13:00:00Z'),
    });
    expect((await auditEventsOf(t.database.db, 'message.contact_verdict', id))[0]?.after).toEqual({
      verdict: 'hold',
      sentence: 'It is 9:42 pm for this customer; the text will go out at 8:00 am on Sun, Nov 22.',
      purpose: 'servicing',
      held_until: '2026-11-22T13:00:00.000Z',
      customer_id: customer.id,
      channel: 'text',
    });

    t.clock.set(new Date('2026-11-22T12:59:00Z'));
    await t.app.outbox.deliverDue();
    expect(sms.sent.filter((text) => text.to === customer.phoneNumber)).toEqual([]);
    t.clock.set(new Date('2026-11-22T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(sms.sent.filter((text) => text.to === customer.phoneNumber)).toEqual([
      { to: customer.phoneNumber, body: 'Hello' },
    ]);
    expect((await messageRow(id)).status).toBe('sent');
  });

  it('does not hold the answer to a customer who wrote a few minutes ago', async () => {
    const customer = await newYorker();
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      contact: customer.phoneNumber!,
      thread: ['Are you there?'],
      createdAt: new Date('2026-11-22T02:39:00Z'),
    });
    await atTime('2026-11-22T02:42:00Z');
    const reply = await call('POST', 'send_reply', { id: ticket.id, reply: 'Yes, here.' });
    expect(reply.statusCode).toBe(200);
    const row = await messageRow(reply.json().message.id);
    expect(row).toMatchObject({ heldUntil: null, nextAttemptAt: new Date('2026-11-22T02:42:00Z') });
    expect((await auditEventsOf(t.database.db, 'message.contact_verdict', row.id))[0]?.after).toMatchObject({
      verdict: 'send',
      sentence: 'The customer wrote 3 minutes ago: the text goes out now, whatever the hour.',
    });
  });

  it('stops a held text when a flag is switched on before the window opens', async () => {
    const customer = await newYorker();
    await atTime('2026-11-22T03:00:00Z');
    const id = (await compose(customer.id)).json().message_id as number;
    await call('PATCH', 'users/contact_flag', {
      user_id: customer.id,
      flag: 'dnc',
      on: true,
      reason: 'User requested',
    });
    t.clock.set(new Date('2026-11-22T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(await messageRow(id)).toMatchObject({
      status: 'undelivered',
      error: `Held, then not sent: Customer ${customer.id} is marked Do Not Contact (User requested): no text or email can be sent to them.`,
    });
    expect(sms.sent.filter((text) => text.to === customer.phoneNumber)).toEqual([]);
  });
});

describe('the refusals', () => {
  const noon = new Date('2026-11-23T17:00:00Z');

  it.each([
    [
      'cease',
      'Written request from the customer',
      (id: number) =>
        `Customer ${id} asked us to stop contacting them (cease communication): no text or email can be sent to them.`,
    ],
    [
      'attorney',
      'Attorney letter received',
      (id: number) =>
        `An attorney represents customer ${id} (J. Ruiz, 503-555-0100): contact the attorney, not the customer.`,
    ],
  ] as const)(
    'refuses every message once the %s flag is on, and audits the refusal only',
    async (flag, reason, sentence) => {
      const customer = await newYorker();
      await atTime(noon);
      const on = await call('PATCH', 'users/contact_flag', {
        user_id: customer.id,
        flag,
        on: true,
        reason,
        context: flag === 'attorney' ? 'J. Ruiz, 503-555-0100' : undefined,
      });
      expect(on.statusCode).toBe(200);
      expect((await auditEventsOf(t.database.db, `customer.${flag}_on`, customer.id)).length).toBe(1);
      const card = (await call('GET', 'users/search', { parameter: 'ID', search: String(customer.id) })).json();
      expect(card.user[flag]).toBe(true);
      expect(card.user[`${flag}_detail`]).toMatchObject({ reason, employee_name: 'Maria Delgado' });

      const before = await countWrites(t.database.db);
      const refused = await compose(customer.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ errors: [sentence(customer.id)] });
      expect(await countWrites(t.database.db)).toEqual({ ...before, auditEvents: before.auditEvents + 1 });
      expect((await auditEventsOf(t.database.db, 'message.contact_refused', customer.id))[0]?.after).toEqual({
        rule: flag,
        sentence: sentence(customer.id),
        channel: 'text',
        purpose: 'servicing',
      });
    },
  );

  it('refuses collection texts while the automatic stay is in force, and lets servicing ones through', async () => {
    const customer = await newYorker();
    await atTime(noon);
    await t.database.db.insert(customerBankruptcies).values({
      customerId: customer.id,
      caseNumber: '26-10234',
      chapter: 7,
      filedOn: '2026-11-10',
      consumerInformationIndicator: 'A',
    });
    const collection = await compose(customer.id, 'collection', 'Your payment is past due.');
    expect(collection.statusCode).toBe(409);
    expect(collection.json().errors[0]).toMatch(/open chapter 7 bankruptcy \(case 26-10234\).*automatic stay/);
    expect((await compose(customer.id, 'servicing', 'Your receipt.')).statusCode).toBe(200);
    await t.database.db
      .update(customerBankruptcies)
      .set({ dischargedOn: '2026-11-20' })
      .where(eq(customerBankruptcies.customerId, customer.id));
    expect((await compose(customer.id, 'collection', 'Your payment is past due.')).statusCode).toBe(200);
  });

  it('caps collection texts at 3 in 7 days; servicing texts and an older week do not count', async () => {
    const customer = await newYorker();
    await atTime(noon);
    for (const n of [1, 2, 3]) expect((await compose(customer.id, 'collection', `Reminder ${n}`)).statusCode).toBe(200);
    expect((await compose(customer.id, 'servicing', 'Receipt')).statusCode).toBe(200);
    const fourth = await compose(customer.id, 'collection', 'Reminder 4');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      errors: [
        `Customer ${customer.id} was sent 3 collection texts in the last 7 days, the most allowed (3): send a servicing message, or wait.`,
      ],
    });
    await atTime(new Date(noon.getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    expect((await compose(customer.id, 'collection', 'Reminder 4')).statusCode).toBe(200);
  });
});

describe('GET users/contact_verdict', () => {
  it('answers the verdict for a customer, 404 for an unknown one and 400 without one', async () => {
    const customer = await createCustomer(t.database.db, { state: 'CA' });
    await t.database.db
      .update(customers)
      .set({ dnc: true, dncReason: 'User requested' })
      .where(eq(customers.id, customer.id));
    await atTime('2026-11-23T20:00:00Z');
    const refused = await verdictOf(customer.id, 'email');
    expect(refused.json()).toEqual({
      verdict: 'refuse',
      sentence: `Customer ${customer.id} is marked Do Not Contact (User requested): no text or email can be sent to them.`,
      until: null,
    });
    const unknown = await verdictOf(999999, 'text');
    expect(unknown.statusCode).toBe(404);
    const bad = await call('GET', 'users/contact_verdict', { channel: 'text', purpose: 'servicing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ errors: ['Give user_id or ticket_id.'] });
  });
});
