import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, messages, tickets } from '@portal/db';
import { createCustomer, createMacro, createTicket } from '@portal/db/testing';
import {
  createRecordingMailer,
  createRecordingSms,
  type RecordingMailer,
  type RecordingSms,
} from '../../testing/recording-senders.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { getTicket, postJson, snapshotTicketWrites } from '../../testing/ticket-helpers.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const stored = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(tickets).where(eq(tickets.id, id)))[0];
const messagesOf = (t: TestApp, ticketId: number) =>
  t.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);

// A customer's email ticket whose newest message carries a provider id, as inbound email has.
async function emailTicket(t: TestApp, subject: string | null = 'Question about my loan') {
  const customer = await createCustomer(t.database.db);
  const ticket = await createTicket(t.database.db, {
    customerId: customer.id,
    channel: 'email',
    contact: customer.email,
    subject,
    thread: ['First', 'Second'],
  });
  const thread = await messagesOf(t, ticket.id);
  const newest = thread[thread.length - 1];
  if (!newest) throw new Error('the ticket has no messages');
  await t.database.db
    .update(messages)
    .set({ externalId: `<${ticket.id}-2@mail.example>` })
    .where(eq(messages.id, newest.id));
  await t.database.db
    .update(messages)
    .set({ externalId: `<${ticket.id}-1@mail.example>` })
    .where(eq(messages.id, thread[0]?.id ?? 0));
  return { customer, ticket };
}

describe('POST send_reply with providers', () => {
  let t: TestApp;
  let mailer: RecordingMailer;
  let sms: RecordingSms;
  let agent: SignedInStaff;
  let colleague: SignedInStaff;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    sms = createRecordingSms();
    t = await createTestApp({ mailer, sms });
    agent = await createSignedInStaff(t.app, t.database.db, { name: 'Alex Agent' });
    colleague = await createSignedInStaff(t.app, t.database.db, { name: 'Casey Colleague' });
  });
  afterAll(() => t.close());

  it('emails the reply in the customer thread, answers the customer messages and closes the ticket', async () => {
    const { customer, ticket } = await emailTicket(t);
    const macro = await createMacro(t.database.db, { title: 'thanks_reply', body: 'Thanks!' });
    await getTicket(t.app, agent, ticket.id);
    const sentBefore = mailer.sent.length;
    const response = await postJson(t.app, agent, 'send_reply', {
      id: ticket.id,
      reply: '  Your payment is moved.  ',
      macro_id: macro.id,
      filter_id: 'change_payment_date',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      ticket_id: ticket.id,
      message: {
        ticket_id: ticket.id,
        type: 'email',
        inbound: false,
        subject: 'Re: Question about my loan',
        body: 'Your payment is moved.',
        status: 'queued',
        error: null,
        employee_name: 'Alex Agent',
        auto_response: false,
      },
    });
    // The answer is the committed message: the request never calls the provider (decision 019).
    expect(mailer.sent.length).toBe(sentBefore);
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(mailer.sent.at(-1)).toEqual({
      to: customer.email,
      subject: 'Re: Question about my loan',
      text: 'Your payment is moved.',
      inReplyTo: `<${ticket.id}-2@mail.example>`,
      messageKey: expect.stringMatching(new RegExp(`^outbox-${body.message.id}\\.[\\w-]{16}$`)),
    });

    const thread = await messagesOf(t, ticket.id);
    expect(thread.filter((message) => message.inbound).every((message) => message.processed)).toBe(true);
    const reply = thread.find((message) => !message.inbound);
    expect(reply).toMatchObject({
      id: body.message.id,
      status: 'sent',
      toAddress: customer.email,
      customerId: customer.id,
      employeeId: agent.id,
      macroId: macro.id,
      filterId: 'change_payment_date',
    });
    expect(reply?.externalId).toMatch(/^<fake-\d+@mail\.test>$/);
    expect(await stored(t, ticket.id)).toMatchObject({ state: 'closed', closedBy: agent.id, assignedTo: null });
    const [audit] = await auditEventsOf(t.database.db, 'ticket.reply_sent', ticket.id);
    expect(audit).toMatchObject({
      employeeId: agent.id,
      before: { state: 'open' },
      after: { state: 'closed', messageId: body.message.id, answeredMessages: 2 },
    });
  });

  it('uses a plain subject when the ticket has none, and does not stack "Re:"', async () => {
    const { ticket } = await emailTicket(t, null);
    await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Hello' });
    await t.app.outbox.deliverDue();
    expect(mailer.sent.at(-1)?.subject).toBe('Your message to Portal support');
    const { ticket: replied } = await emailTicket(t, 'Re: my loan');
    await postJson(t.app, agent, 'send_reply', { id: replied.id, reply: 'Hello' });
    await t.app.outbox.deliverDue();
    expect(mailer.sent.at(-1)?.subject).toBe('Re: my loan');
  });

  it('texts the reply to the number of a text ticket', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550123', thread: ['hi'] });
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Hi! We can help.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({ type: 'text', subject: null, status: 'queued' });
    await t.app.outbox.deliverDue();
    expect(sms.sent.at(-1)).toEqual({ to: '5035550123', body: 'Hi! We can help.' });
    expect((await stored(t, ticket.id))?.state).toBe('closed');
  });

  it('keeps the message as undelivered, with the provider error, when the provider refuses it; the ticket is still closed', async () => {
    const { ticket } = await emailTicket(t);
    mailer.failWith = 'Mailbox unavailable';
    try {
      const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Sorry for the wait.' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toMatchObject({ status: 'queued', body: 'Sorry for the wait.' });
      await t.app.outbox.deliverDue();
    } finally {
      mailer.failWith = null;
    }
    const reply = (await messagesOf(t, ticket.id)).find((message) => !message.inbound);
    expect(reply).toMatchObject({ status: 'undelivered', error: 'Mailbox unavailable', body: 'Sorry for the wait.' });
    expect((await stored(t, ticket.id))?.state).toBe('closed');
  });

  it('refuses a closed ticket and one someone else works, sending and writing nothing', async () => {
    const closed = await createTicket(t.database.db, { state: 'closed' });
    const held = await createTicket(t.database.db);
    await getTicket(t.app, colleague, held.id);
    const before = await snapshotTicketWrites(t.database.db);
    const sentBefore = sms.sent.length;
    const toClosed = await postJson(t.app, agent, 'send_reply', { id: closed.id, reply: 'Hello' });
    expectErrors(toClosed, 409, [`Ticket ${closed.id} is already closed.`]);
    const toHeld = await postJson(t.app, agent, 'send_reply', { id: held.id, reply: 'Hello' });
    expectErrors(toHeld, 409, [`Ticket ${held.id} is being worked by Casey Colleague.`]);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
    expect(sms.sent.length).toBe(sentBefore);
  });

  it.each([
    ['a missing id', { reply: 'Hello' }, 'An id must be a number.'],
    ['an id that is not a number', { id: 'twelve', reply: 'Hello' }, 'An id must be a number.'],
    ['an empty reply', { id: 1, reply: '   ' }, 'Write a reply before sending.'],
    ['no reply', { id: 1 }, 'Write a reply before sending.'],
    ['an over-long reply', { id: 1, reply: 'x'.repeat(5001) }, 'A reply must be at most 5,000 characters.'],
  ])('answers 400 for %s and writes nothing', async (_case, payload, error) => {
    const ticket = await createTicket(t.database.db);
    const body = { ...payload, ...('id' in payload && payload.id === 1 ? { id: ticket.id } : {}) };
    const before = await snapshotTicketWrites(t.database.db);
    const response = await postJson(t.app, agent, 'send_reply', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContain(error);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });

  it.each([
    ['an agent variable', 'Hi Amy, your phone number is now {new_phone}.', 'Fill in {new_phone} before sending'],
    ['an account variable', 'Hi Amy, your payoff is {payoff_amount}.', 'Fill in {payoff_amount} before sending'],
    ['an asked variable', 'We will call {?callback time}.', 'Fill in {?callback time} before sending'],
    ['an unknown name', 'Your code is {code}.', 'Fill in {code} before sending'],
    ['several', '{first_name}, {payoff_amount} by {?day}', 'Fill in {first_name}, {payoff_amount} and {?day} before'],
  ])('answers 400 naming %s left in the reply, and writes or sends nothing', async (_case, reply, sentence) => {
    const ticket = await createTicket(t.database.db, { contact: '5035550124', thread: ['new number?'] });
    await getTicket(t.app, agent, ticket.id);
    const before = await snapshotTicketWrites(t.database.db);
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.stringContaining(sentence)]);
    expect(response.json().errors[0]).toContain('the customer would read');
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
    expect(await t.app.outbox.deliverDue()).toBe(0);
  });

  it('sends braces that hold no variable as typed', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550126', thread: ['hi'] });
    await getTicket(t.app, agent, ticket.id);
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Smile {:} and { ok }' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.body).toBe('Smile {:} and { ok }');
    // Sent now, so the tests after it count their own deliveries only.
    expect(await t.app.outbox.deliverDue()).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key with the reply already queued, and sends it once', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550125', thread: ['hello?'] });
    await getTicket(t.app, agent, ticket.id);
    // A reply sent with the key the composer gives it (the header), as a retry sends it again.
    const replyWithKey = (key: string, id: number, reply: string) => {
      const headers = { ...agent.headers, 'idempotency-key': key };
      return callAsStaff(t.app, { headers }, 'POST', 'send_reply', { id, reply });
    };
    const send = () => replyWithKey('compose-5035550125-1', ticket.id, 'We moved it.');
    const first = await send();
    const again = await send();
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect((await messagesOf(t, ticket.id)).filter((message) => !message.inbound)).toHaveLength(1);
    const sentBefore = sms.sent.length;
    await t.app.outbox.deliverDue();
    expect(sms.sent.length).toBe(sentBefore + 1);
    // The key of another ticket's reply is refused, not answered with that reply.
    const other = await createTicket(t.database.db, { contact: '5035550126', thread: ['hi'] });
    await getTicket(t.app, agent, other.id);
    const reused = await replyWithKey('compose-5035550125-1', other.id, 'Hello');
    expect(reused.statusCode).toBe(409);
    const bad = await replyWithKey('no spaces allowed', other.id, 'Hello');
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400 for a macro that does not exist, and writes nothing', async () => {
    const ticket = await createTicket(t.database.db);
    const before = await snapshotTicketWrites(t.database.db);
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Hello', macro_id: 424242 });
    expectErrors(response, 400, ['There is no macro 424242.']);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });
});

describe('POST send_password_reset', () => {
  let t: TestApp;
  let mailer: RecordingMailer;
  let agent: SignedInStaff;

  beforeAll(async () => {
    mailer = createRecordingMailer();
    t = await createTestApp({ mailer });
    agent = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it("emails the ticket's customer how to reset, with no link or secret that staff could use, and records it", async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Jo' });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: '5035550000' });
    const response = await postJson(t.app, agent, 'send_password_reset', { id: ticket.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Instructions sent.', held_until: null });
    await t.app.outbox.deliverDue();
    const email = mailer.sent.at(-1);
    expect(email).toMatchObject({ to: customer.email, subject: 'Reset your password' });
    expect(email?.text).toContain('Hi Jo,');
    expect(email?.text).toContain(`enter this email address (${customer.email})`);
    expect(email?.text).not.toMatch(/https?:\/\/|token/i);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'customer.password_reset_sent'));
    expect(audit).toMatchObject({
      entityType: 'customer',
      entityId: String(customer.id),
      employeeId: agent.id,
      after: { ticketId: ticket.id, to: customer.email },
    });
    // The ticket stays open: the customer may still need an answer.
    expect((await stored(t, ticket.id))?.state).toBe('open');
  });

  it('answers 409 for a ticket with no customer, and writes nothing', async () => {
    const ticket = await createTicket(t.database.db);
    const before = await snapshotTicketWrites(t.database.db);
    const response = await postJson(t.app, agent, 'send_password_reset', { id: ticket.id });
    expectErrors(response, 409, ['This ticket has no customer to send instructions to.']);
    expect(await snapshotTicketWrites(t.database.db)).toEqual(before);
  });

  it('keeps the email undelivered, with the error, when the provider refuses it after the answer', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id });
    mailer.failWith = 'Connection refused';
    try {
      const response = await postJson(t.app, agent, 'send_password_reset', { id: ticket.id });
      expect(response.statusCode).toBe(200);
      await t.app.outbox.deliverDue();
    } finally {
      mailer.failWith = null;
    }
    const [kept] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.inbound, false)));
    expect(kept).toMatchObject({ status: 'undelivered', error: 'Connection refused', toAddress: customer.email });
  });

  it('answers 400 for a missing id and 404 for an unknown ticket', async () => {
    expect((await postJson(t.app, agent, 'send_password_reset', {})).statusCode).toBe(400);
    const missing = await postJson(t.app, agent, 'send_password_reset', { id: 777777 });
    expectErrors(missing, 404, ['Ticket 777777 was not found.']);
  });
});

describe('POST send_reply without providers', () => {
  let t: TestApp;
  let agent: SignedInStaff;

  beforeAll(async () => {
    t = await createTestApp({ mailer: null, sms: null });
    agent = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(() => t.close());

  it('keeps the reply in the outbox as queued and still closes the ticket', async () => {
    const { ticket } = await emailTicket(t);
    const text = await createTicket(t.database.db);
    for (const id of [ticket.id, text.id]) {
      const response = await postJson(t.app, agent, 'send_reply', { id, reply: 'We will get back to you.' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toMatchObject({ status: 'queued', error: null });
      expect((await stored(t, id))?.state).toBe('closed');
      const reply = (await messagesOf(t, id)).find((message) => !message.inbound);
      expect(reply?.status).toBe('queued');
    }
  });
});
