import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CONTACT_FLAG_REASONS, DEFAULT_CONTACT_SETTINGS } from '@portal/contracts';
import { customerBankruptcies, customers, macros, messages } from '@portal/db';
import { createCustomer, createMacro, createTicket } from '@portal/db/testing';
import { createOutbox } from '../../platform/outbox.ts';
import { queueOutboundMessage } from '../../platform/outbound.ts';
import { createDirectoryStorage } from '../../platform/storage.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createRecordingMailer, createRecordingSms } from '../../testing/recording-senders.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { clearContact, createMessageDoor } from './index.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// The contact gate (decision 046) and its door (issue 37) through the calls that send: the verdict
// on the wire, the row the outbox got, what the provider got when the outbox handed it over (and
// when it did not), the audit trail, and that a refusal writes nothing but its audit event. Each
// case of issue 37 that got around a duty is a test here.

const sms = createRecordingSms();
const mailer = createRecordingMailer();
const t = useTestApp({ sms, mailer });
// Signed in again whenever a test moves the clock (atTime).
let staff: SignedInStaff;
beforeAll(async () => {
  staff = await createSignedInStaff(t.app, t.database.db, { name: 'Maria Delgado' });
});

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload: object) =>
  callAsStaff(t.app, staff, method, path, payload);
const compose = (
  customerId: number,
  purpose: 'collection' | 'servicing' = 'servicing',
  message = 'Hello',
  channel: 'text' | 'email' = 'text',
) =>
  call('POST', 'users/originate_message', {
    user_id: customerId,
    message_type: channel,
    message,
    thread: 'new',
    purpose,
    ...(channel === 'email' ? { subject: 'About your loan' } : {}),
  });
// The preview before Send: the verdict on a message to the customer from the composer.
const verdictOf = (customerId: number, channel: 'text' | 'email') =>
  call('GET', 'users/contact_verdict', { user_id: String(customerId), channel, purpose: 'servicing' });
// The clock moved, and staff signed in again at that time (a session does not outlive a night).
const atTime = async (at: Date | string) => {
  t.clock.set(new Date(at));
  staff = await createSignedInStaff(t.app, t.database.db, { name: 'Maria Delgado' });
};
const messageRow = async (id: number) => (await t.database.db.select().from(messages).where(eq(messages.id, id)))[0]!;
const textsTo = (phone: string | null) => sms.sent.filter((text) => text.to === phone);
let phones = 0;
// A New York customer (UTC-5 in November): a New York ZIP and a New York number (212).
const newYorker = () =>
  createCustomer(t.database.db, { state: 'NY', zip: '10001', phoneNumber: `212555${String(1000 + (phones += 1))}` });
const fileBankruptcy = (customerId: number) =>
  t.database.db.insert(customerBankruptcies).values({
    customerId,
    caseNumber: '26-10234',
    chapter: 7,
    filedOn: '2026-11-10',
    consumerInformationIndicator: 'A',
  });
// Each flag's first reason (the dialog's choices), unless told.
const setFlag = (customerId: number, flag: 'dnc' | 'cease' | 'attorney', reason?: string) =>
  call('PATCH', 'users/contact_flag', {
    user_id: customerId,
    flag,
    on: true,
    reason: reason ?? CONTACT_FLAG_REASONS[flag][0],
    context: flag === 'attorney' ? 'J. Ruiz, 503-555-0100' : undefined,
  });

describe('the quiet hours, when queued and at the door', () => {
  it('holds a text written at 9:42 pm until 8:00 am, audits the verdict, and sends it when the window opens', async () => {
    const customer = await newYorker();
    await atTime('2026-11-22T02:42:00Z');
    expect((await verdictOf(customer.id, 'text')).json()).toEqual({
      verdict: 'hold',
      sentence: 'It is 9:42 pm for this customer; the text will go out at 8:00 am on Sun, Nov 22.',
      until: '2026-11-22T13:00:00.000Z',
    });

    const sent = await compose(customer.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(
      `Text to ${customer.phoneNumber} is held for the customer's quiet hours, not sent yet. It is 9:42 pm for this customer; the text will go out at 8:00 am on Sun, Nov 22.`,
    );
    const id = sent.json().message_id as number;
    // Free text that answers nothing: its purpose is unknown, so it is collection.
    expect(await messageRow(id)).toMatchObject({
      status: 'queued',
      purpose: 'collection',
      sendingPath: 'composer',
      heldUntil: new Date('2026-11-22T13:00:00Z'),
      nextAttemptAt: new Date('2026-11-22T13:00:00Z'),
    });
    expect((await auditEventsOf(t.database.db, 'message.contact_verdict', id))[0]?.after).toMatchObject({
      verdict: 'hold',
      path: 'composer',
      held_until: '2026-11-22T13:00:00.000Z',
      customer_id: customer.id,
      channel: 'text',
    });

    t.clock.set(new Date('2026-11-22T12:59:00Z'));
    await t.app.outbox.deliverDue();
    expect(textsTo(customer.phoneNumber)).toEqual([]);
    t.clock.set(new Date('2026-11-22T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(textsTo(customer.phoneNumber)).toEqual([{ to: customer.phoneNumber, body: 'Hello' }]);
    expect(await messageRow(id)).toMatchObject({ status: 'sent', doorPassedAt: new Date('2026-11-22T13:00:00Z') });
  });

  it('holds at the door a text queued at 8:59 pm whose provider failed once, rather than send it at 9:05 pm', async () => {
    const customer = await newYorker();
    await atTime('2026-11-24T01:59:00Z');
    const id = (await compose(customer.id, 'collection', 'Your payment is due tomorrow.')).json().message_id as number;
    sms.failWith = 'Service unavailable';
    sms.failPermanently = false;
    try {
      await t.app.outbox.deliver(id);
    } finally {
      sms.failWith = null;
      sms.failPermanently = true;
    }
    expect(await messageRow(id)).toMatchObject({ status: 'queued', attempts: 1, error: 'Service unavailable' });

    t.clock.set(new Date('2026-11-24T02:05:00Z'));
    await t.app.outbox.deliverDue();
    expect(textsTo(customer.phoneNumber)).toEqual([]);
    expect(await messageRow(id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      heldUntil: new Date('2026-11-24T13:00:00Z'),
      nextAttemptAt: new Date('2026-11-24T13:00:00Z'),
    });
    expect((await auditEventsOf(t.database.db, 'message.held_at_door', id))[0]?.after).toEqual({
      held_until: '2026-11-24T13:00:00.000Z',
      sentence: 'It is 9:05 pm for this customer; the text will go out at 8:00 am on Tue, Nov 24.',
    });
    t.clock.set(new Date('2026-11-24T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(textsTo(customer.phoneNumber)).toHaveLength(1);
  });

  it('judges a message queued while no provider was configured when one is, not before', async () => {
    const noProvider = await createTestApp({ mailer: createRecordingMailer() });
    try {
      const customer = await createCustomer(noProvider.database.db, {
        state: 'NY',
        zip: '10001',
        phoneNumber: '2125559901',
      });
      noProvider.clock.set(new Date('2026-11-23T17:00:00Z'));
      const signedIn = await createSignedInStaff(noProvider.app, noProvider.database.db, { name: 'Kevin Tran' });
      const queued = await callAsStaff(noProvider.app, signedIn, 'POST', 'users/originate_message', {
        user_id: customer.id,
        message_type: 'text',
        message: 'Hello',
        thread: 'new',
      });
      expect(queued.statusCode).toBe(200);
      // 9:30 pm in New York: a provider is configured now (another process with Twilio).
      noProvider.clock.set(new Date('2026-11-24T02:30:00Z'));
      const texts = createRecordingSms();
      const outbox = createOutbox({
        db: noProvider.database.db,
        clock: noProvider.clock,
        mailer: null,
        sms: texts,
        storage: createDirectoryStorage('/tmp/portal-door-test'),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        settings: { maxAttempts: 5, firstRetrySeconds: 30, claimSeconds: 60, pollMs: 0 },
        door: createMessageDoor(noProvider.database.db, {
          clock: noProvider.clock,
          contactRules: DEFAULT_CONTACT_SETTINGS,
        }),
      });
      await outbox.deliverDue();
      expect(texts.sent).toEqual([]);
      const [row] = await noProvider.database.db
        .select()
        .from(messages)
        .where(eq(messages.id, queued.json().message_id as number));
      expect(row).toMatchObject({ status: 'queued', heldUntil: new Date('2026-11-24T13:00:00Z') });
    } finally {
      await noProvider.close();
    }
  });

  it('holds a text to a Puerto Rico customer at 9:30 pm their time', async () => {
    const customer = await createCustomer(t.database.db, { state: 'PR', zip: '00901', phoneNumber: '7875550101' });
    // 9:30 pm in San Juan (UTC-4, no daylight saving) is 1:30 UTC.
    await atTime('2026-11-24T01:30:00Z');
    const verdict = (await verdictOf(customer.id, 'text')).json();
    expect(verdict).toMatchObject({ verdict: 'hold', until: '2026-11-24T12:00:00.000Z' });
    expect(verdict.sentence).toBe('It is 9:30 pm for this customer; the text will go out at 8:00 am on Tue, Nov 24.');
  });
});

describe('the reply exemption: one answer, in the channel the customer used, for a few minutes', () => {
  // A New Yorker's text of 11:20 pm their time, answered by the agent at `at` (UTC).
  async function answerLateText(at: string) {
    const customer = await newYorker();
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      contact: customer.phoneNumber!,
      thread: ['Are you there?'],
      createdAt: new Date('2026-11-25T04:20:00Z'),
    });
    await atTime(at);
    const reply = await call('POST', 'send_reply', { id: ticket.id, reply: 'Yes, here.' });
    return { customer, reply };
  }

  it('sends the one answer to a text of 11:20 pm at once, and holds everything else', async () => {
    const { customer, reply } = await answerLateText('2026-11-25T04:22:00Z');
    expect(reply.statusCode).toBe(200);
    const row = await messageRow(reply.json().message.id);
    expect(row).toMatchObject({ heldUntil: null, purpose: 'servicing', answersMessageId: expect.any(Number) });
    expect((await auditEventsOf(t.database.db, 'message.contact_verdict', row.id))[0]?.after).toMatchObject({
      verdict: 'send',
      sentence: 'The customer wrote 2 minutes ago: the text answering them goes out now, whatever the hour.',
    });
    // The answer is given: a second text, a collection text and an email all wait for the morning.
    for (const [purpose, channel] of [
      ['servicing', 'text'],
      ['collection', 'text'],
      ['servicing', 'email'],
    ] as const) {
      const other = await compose(customer.id, purpose, 'One more thing', channel);
      expect(other.statusCode, `${purpose} ${channel}`).toBe(200);
      expect((await messageRow(other.json().message_id as number)).heldUntil, `${purpose} ${channel}`).toEqual(
        new Date('2026-11-25T13:00:00Z'),
      );
    }
  });

  it('holds the answer once the few minutes have passed', async () => {
    const { reply } = await answerLateText('2026-11-25T04:26:00Z');
    expect((await messageRow(reply.json().message.id)).heldUntil).toEqual(new Date('2026-11-25T13:00:00Z'));
  });
});

describe('the door refuses what became forbidden after queueing', () => {
  it('does not send an email on its third attempt once the cease flag was set after it was queued', async () => {
    const customer = await newYorker();
    await atTime('2026-11-23T17:00:00Z');
    const id = (await compose(customer.id, 'servicing', 'About your loan', 'email')).json().message_id as number;
    mailer.failWith = 'Connection refused';
    mailer.failPermanently = false;
    try {
      await t.app.outbox.deliver(id);
      t.clock.advance(60 * 60 * 1000);
      await t.app.outbox.deliver(id);
    } finally {
      mailer.failWith = null;
      mailer.failPermanently = true;
    }
    expect((await setFlag(customer.id, 'cease')).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60 * 1000);
    await t.app.outbox.deliver(id);
    const sentence = `Customer ${customer.id} asked us to stop contacting them (cease communication): no text or email can be sent to them.`;
    expect(await messageRow(id)).toMatchObject({ status: 'undelivered', error: `Not sent: ${sentence}` });
    expect(mailer.sent.filter((email) => email.to === customer.email)).toEqual([]);
    expect((await auditEventsOf(t.database.db, 'message.refused_at_door', id))[0]?.after).toEqual({
      status: 'undelivered',
      rule: 'cease',
      sentence,
    });
  });

  it('stops a held text when Do Not Contact is switched on before the window opens', async () => {
    const customer = await newYorker();
    await atTime('2026-11-22T03:00:00Z');
    const id = (await compose(customer.id)).json().message_id as number;
    expect((await setFlag(customer.id, 'dnc', 'User requested')).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-22T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(await messageRow(id)).toMatchObject({
      status: 'undelivered',
      error: `Not sent: Customer ${customer.id} is marked Do Not Contact (User requested): no text or email can be sent to them.`,
    });
    expect(textsTo(customer.phoneNumber)).toEqual([]);
  });

  it('stops a queued message once a bankruptcy is filed before it is delivered', async () => {
    const customer = await newYorker();
    await atTime('2026-11-23T17:00:00Z');
    const id = (await compose(customer.id)).json().message_id as number;
    await fileBankruptcy(customer.id);
    await t.app.outbox.deliver(id);
    expect(await messageRow(id)).toMatchObject({
      status: 'undelivered',
      error: expect.stringMatching(/automatic stay/),
    });
    expect(textsTo(customer.phoneNumber)).toEqual([]);
  });
});

describe('the refusals when queued', () => {
  const noon = new Date('2026-11-23T17:00:00Z');

  it.each([
    [
      'cease',
      (id: number) =>
        `Customer ${id} asked us to stop contacting them (cease communication): no text or email can be sent to them.`,
    ],
    [
      'attorney',
      (id: number) =>
        `An attorney represents customer ${id} (J. Ruiz, 503-555-0100): contact the attorney, not the customer.`,
    ],
  ] as const)('refuses every message once the %s flag is on, and audits the refusal only', async (flag, sentence) => {
    const customer = await newYorker();
    await atTime(noon);
    expect((await setFlag(customer.id, flag)).statusCode).toBe(200);
    expect((await auditEventsOf(t.database.db, `customer.${flag}_on`, customer.id)).length).toBe(1);
    const card = (await call('GET', 'users/search', { parameter: 'ID', search: String(customer.id) })).json();
    expect(card.user[flag]).toBe(true);
    expect(card.user[`${flag}_detail`]).toMatchObject({
      reason: CONTACT_FLAG_REASONS[flag][0],
      employee_name: 'Maria Delgado',
    });

    const before = await countWrites(t.database.db);
    const refused = await compose(customer.id);
    expectErrors(refused, 409, [sentence(customer.id)]);
    expect(await countWrites(t.database.db)).toEqual({ ...before, auditEvents: before.auditEvents + 1 });
    expect((await auditEventsOf(t.database.db, 'message.contact_refused', customer.id))[0]?.after).toEqual({
      rule: flag,
      sentence: sentence(customer.id),
      channel: 'text',
      path: 'composer',
    });
  });

  it('caps collection texts at 3 in 7 days; an answer and an older week do not count', async () => {
    const customer = await newYorker();
    await atTime(noon);
    for (const n of [1, 2, 3]) expect((await compose(customer.id, 'collection', `Reminder ${n}`)).statusCode).toBe(200);
    // "servicing" is a label, not a fact: free text that answers nothing counts as collection.
    const relabelled = await compose(customer.id, 'servicing', 'Reminder 4');
    expectErrors(relabelled, 409, [
      `Customer ${customer.id} was sent 3 collection texts in the last 7 days, the most allowed (3): wait, or answer the customer when they write.`,
    ]);
    await atTime(new Date(noon.getTime() + 7 * 24 * 60 * 60 * 1000 + 60_000));
    expect((await compose(customer.id, 'collection', 'Reminder 4')).statusCode).toBe(200);
  });
});

describe('the weekly cap holds against parallel sends', () => {
  it('lets 3 of ten parallel collection texts through, and the provider gets 3', async () => {
    const customer = await newYorker();
    await atTime('2026-11-23T17:00:00Z');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) => compose(customer.id, 'collection', `Reminder ${n + 1}`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const queued = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(queued).toHaveLength(3);
    await t.app.outbox.deliverDue();
    expect(textsTo(customer.phoneNumber)).toHaveLength(3);
  });

  it('refuses at the door the collection texts over the cap that were queued before, delivered in parallel', async () => {
    const customer = await newYorker();
    await atTime('2026-11-23T17:00:00Z');
    // Five collection texts queued as an older version would have (no cap when queued).
    const rows = await t.database.db
      .insert(messages)
      .values(
        Array.from({ length: 5 }, (_, n) => ({
          customerId: customer.id,
          type: 'text' as const,
          inbound: false,
          body: `Reminder ${n + 1}`,
          toAddress: customer.phoneNumber,
          status: 'queued' as const,
          purpose: 'collection' as const,
          sendingPath: 'composer',
          nextAttemptAt: t.clock.now(),
          createdAt: t.clock.now(),
        })),
      )
      .returning({ id: messages.id });
    const ids = rows.map((row) => row.id);
    await Promise.all(ids.map((id) => t.app.outbox.deliver(id)));
    const after = await t.database.db.select().from(messages).where(inArray(messages.id, ids));
    expect(after.filter((row) => row.status === 'sent')).toHaveLength(3);
    const refused = after.filter((row) => row.status === 'undelivered');
    expect(refused).toHaveLength(2);
    expect(refused[0]?.error).toMatch(/^Not sent: Customer \d+ was sent 3 collection texts in the last 7 days/);
    expect(textsTo(customer.phoneNumber)).toHaveLength(3);
  });
});

describe('the bankruptcy stay, by facts', () => {
  const noon = new Date('2026-11-23T17:00:00Z');

  it('refuses a reply with a collection macro relabelled servicing, and writes nothing', async () => {
    const customer = await newYorker();
    await fileBankruptcy(customer.id);
    const macro = await createMacro(t.database.db, { title: 'Past due', body: 'Your payment is past due.' });
    await t.database.db.update(macros).set({ purpose: 'collection' }).where(eq(macros.id, macro.id));
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      contact: customer.phoneNumber!,
      thread: ['What do I owe?'],
      createdAt: new Date(noon.getTime() - 60_000),
    });
    await atTime(noon);
    const before = await countWrites(t.database.db);
    const reply = await call('POST', 'send_reply', {
      id: ticket.id,
      reply: 'Your payment is past due.',
      macro_id: macro.id,
      purpose: 'servicing',
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().errors[0]).toBe(
      `Customer ${customer.id} is in an open chapter 7 bankruptcy (case 26-10234) and the automatic stay is in force: only notices the law requires, receipts of what the customer asked for, and one answer to the customer's own message in the same channel can be sent.`,
    );
    expect(await countWrites(t.database.db)).toEqual({ ...before, auditEvents: before.auditEvents + 1 });
  });

  it('refuses what staff write first, labelled servicing, and lets one answer to the customer go', async () => {
    const customer = await newYorker();
    await fileBankruptcy(customer.id);
    await atTime(noon);
    expect((await compose(customer.id, 'servicing', 'Your receipt.')).statusCode).toBe(409);
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      contact: customer.phoneNumber!,
      thread: ['Is my loan on hold?'],
      createdAt: new Date(noon.getTime() - 60_000),
    });
    expect((await call('POST', 'send_reply', { id: ticket.id, reply: 'Yes: we stopped collecting.' })).statusCode).toBe(
      200,
    );
    // The answer is given: another text is staff's again.
    expect((await compose(customer.id, 'servicing', 'And another thing.')).statusCode).toBe(409);
    await t.database.db
      .update(customerBankruptcies)
      .set({ dischargedOn: '2026-11-20' })
      .where(eq(customerBankruptcies.customerId, customer.id));
    expect((await compose(customer.id, 'collection', 'Hello again.')).statusCode).toBe(200);
  });
});

describe('a notice the law requires keeps its mark', () => {
  it('holds the consumer-rights notice of a customer under cease for the quiet hours, then sends it', async () => {
    const customer = await newYorker();
    await atTime('2026-11-23T17:00:00Z');
    expect((await setFlag(customer.id, 'cease')).statusCode).toBe(200);
    t.clock.set(new Date('2026-11-24T03:30:00Z'));
    const id = await t.database.db.transaction(async (tx) => {
      const clearance = await clearContact(
        tx,
        { clock: t.clock, contactRules: DEFAULT_CONTACT_SETTINGS },
        {
          customerId: customer.id,
          channel: 'email',
          path: 'consumer_rights_notice',
          to: customer.email,
          employeeId: null,
        },
      );
      const row = await queueOutboundMessage(
        tx,
        {
          type: 'email',
          to: customer.email,
          subject: 'Your rights',
          body: 'Notice of your rights.',
          customerId: customer.id,
          clearance,
        },
        t.clock.now(),
      );
      return row.id;
    });
    expect(await messageRow(id)).toMatchObject({
      legallyRequired: true,
      status: 'queued',
      heldUntil: new Date('2026-11-24T13:00:00Z'),
    });
    t.clock.set(new Date('2026-11-24T13:00:00Z'));
    await t.app.outbox.deliverDue();
    expect(await messageRow(id)).toMatchObject({ status: 'sent' });
    expect(mailer.sent.filter((email) => email.to === customer.email)).toHaveLength(1);
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
    expectErrors(bad, 400, ['Give user_id or ticket_id.']);
  });
});
