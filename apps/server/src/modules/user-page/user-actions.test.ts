import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditEvents, customerEmails, customers, messages, payments, tickets } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { deriveKey } from '../../platform/derived-key.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { customerCommentsOf } from '../../testing/customer-comments.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createRecordingMailer, createRecordingSms } from '../../testing/recording-senders.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const mailer = createRecordingMailer();
const sms = createRecordingSms();
const SECRETS_KEY = Buffer.alloc(32, 7);
const t = useTestApp({ mailer, sms, secretsKey: SECRETS_KEY, customerAppUrl: 'https://app.example.test' });
const staff = useSignedInStaff(t, { name: 'Maria Delgado' });

const call = (method: 'GET' | 'POST' | 'PATCH', path: string, payload: object) =>
  callAsStaff(t.app, staff, method, path, payload);
const customerRow = async (id: number) =>
  (await t.database.db.select().from(customers).where(eq(customers.id, id)))[0]!;
const auditOf = async (action: string, entityId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))))
    .orderBy(desc(auditEvents.id));

describe('PATCH users/edit_info', () => {
  it('saves a phone typed with separators as its 10 digits, and audits it', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await call('PATCH', 'users/edit_info', {
      id: customer.id,
      parameter: 'phone_number',
      text: '(503) [555]-0199',
    });
    expect(response.json()).toEqual({ message: `Phone number changed from ${customer.phoneNumber} to 5035550199.` });
    expect((await customerRow(customer.id)).phoneNumber).toBe('5035550199');
    expect((await auditOf('customer.field_changed', customer.id))[0]).toMatchObject({
      employeeId: staff.id,
      before: { phone_number: customer.phoneNumber },
      after: { phone_number: '5035550199' },
    });
  });

  it("answers 422 'Invalid Entry for field' for each rule of section 5 and writes nothing", async () => {
    const customer = await createCustomer(t.database.db);
    const before = await countWrites(t.database.db);
    // The test clock's business day is 2026-11-21.
    for (const [parameter, text] of [
      ['email', 'jane@example'],
      ['phone_number', '503-555-019'],
      ['phone_number', '503.555.0199'],
      ['birthday', '1990-02-30'],
      ['birthday', '2027-01-01'],
      ['birthday', '2008-11-22'],
    ]) {
      const response = await call('PATCH', 'users/edit_info', { id: customer.id, parameter, text });
      expect(response.statusCode, `${parameter}=${text}`).toBe(422);
      expect(response.json()).toEqual({ errors: [`Invalid Entry for field: ${parameter}`] });
    }
    expect(
      (await call('PATCH', 'users/edit_info', { id: customer.id, parameter: 'birthday', text: '2008-11-21' }))
        .statusCode,
    ).toBe(200);
    expect(await countWrites(t.database.db)).toEqual({ ...before, auditEvents: before.auditEvents + 1 });
  });

  it("refuses another customer's email or phone with 409 naming them, and saves it with force (audited)", async () => {
    const customer = await createCustomer(t.database.db);
    const other = await createCustomer(t.database.db);
    const before = await countWrites(t.database.db);
    const refused = await call('PATCH', 'users/edit_info', {
      id: customer.id,
      parameter: 'phone_number',
      text: other.phoneNumber!,
    });
    expectErrors(refused, 409, [
      `Another customer (ID ${other.id}) already uses ${other.phoneNumber} as their phone number.`,
    ]);
    expect(
      (await call('PATCH', 'users/edit_info', { id: customer.id, parameter: 'email', text: other.email })).statusCode,
    ).toBe(409);
    expect(await countWrites(t.database.db)).toEqual(before);

    const forced = await call('PATCH', 'users/edit_info', {
      id: customer.id,
      parameter: 'email',
      text: other.email,
      force: true,
    });
    expect(forced.json().message).toContain(`forced: customer ${other.id} uses it too`);
    expect((await customerRow(customer.id)).email).toBe(other.email);
    expect((await auditOf('customer.field_changed', customer.id))[0]?.after).toMatchObject({
      email: other.email,
      forced: true,
      also_used_by_customer: other.id,
    });
  });

  it('answers 404 for an unknown customer and 400 for bad input, writing nothing', async () => {
    const before = await countWrites(t.database.db);
    const unknown = await call('PATCH', 'users/edit_info', { id: 987_654_321, parameter: 'first_name', text: 'Ann' });
    expectErrors(unknown, 404, ['Customer 987654321 was not found.']);
    for (const payload of [
      { id: 'abc', parameter: 'first_name', text: 'Ann' },
      { id: 1, parameter: 'ssn', text: '123' },
      { id: 1, parameter: 'first_name' },
      { id: 1, parameter: 'first_name', text: 'Ann', force: 'yes' },
    ]) {
      const response = await call('PATCH', 'users/edit_info', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});

describe('POST users/add_info and GET users/email_info', () => {
  it('adds an email beside the old ones, makes one primary on request, and lists them all', async () => {
    const customer = await createCustomer(t.database.db);
    // Its first address dates from before the test clock's now, as an account's first address does.
    await t.database.db
      .update(customerEmails)
      .set({ addedAt: new Date('2025-01-01T00:00:00Z') })
      .where(eq(customerEmails.customerId, customer.id));
    expect(
      (
        await call('POST', 'users/add_info', { user_id: customer.id, parameter: 'email', text: 'Second@Example.com' })
      ).json(),
    ).toEqual({
      message: `second@example.com added to customer ${customer.id}'s emails.`,
    });
    expect((await customerRow(customer.id)).email).toBe(customer.email);
    const third = await call('POST', 'users/add_info', {
      user_id: customer.id,
      parameter: 'email',
      text: 'third@example.com',
      primary: true,
    });
    expect(third.json()).toEqual({
      message: `third@example.com added and made the primary email (was ${customer.email}).`,
    });
    const list = (await call('GET', 'users/email_info', { user_id: String(customer.id) })).json();
    expect(list.emails.map((row: { email: string; primary: boolean }) => [row.email, row.primary])).toEqual([
      [customer.email, false],
      ['second@example.com', false],
      ['third@example.com', true],
    ]);
    expect(list.emails.every((row: { added_at: string }) => !Number.isNaN(Date.parse(row.added_at)))).toBe(true);
  });

  it("refuses a bad address (422), another customer's (409 unless forced), a phone, and an unknown customer", async () => {
    const customer = await createCustomer(t.database.db);
    const other = await createCustomer(t.database.db);
    const before = await countWrites(t.database.db);
    const add = (payload: object) =>
      call('POST', 'users/add_info', { user_id: customer.id, parameter: 'email', ...payload });
    expect((await add({ text: 'nope' })).json()).toEqual({ errors: ['Invalid Entry for field: email'] });
    expect((await add({ text: other.email })).statusCode).toBe(409);
    expect((await add({ text: 'x@example.com', parameter: 'phone_number' })).json()).toEqual({
      errors: ['Only an email can be added; edit the phone number instead.'],
    });
    expect(
      (await call('POST', 'users/add_info', { user_id: 987_654_321, parameter: 'email', text: 'a@example.com' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', 'users/email_info', { user_id: '987654321' })).statusCode).toBe(404);
    expect((await call('GET', 'users/email_info', { user_id: 'x' })).statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});

describe('PATCH users/contact_flag', () => {
  it('turns DNC on with a reason, notes it in the comments, and then refuses texts and emails to the customer', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber! });
    const on = await call('PATCH', 'users/contact_flag', {
      user_id: customer.id,
      flag: 'dnc',
      on: true,
      reason: 'User requested',
    });
    expect(on.json()).toEqual({
      message: `DNC turned on for customer ${customer.id}. Note added: DNC on: User requested (by Maria D.)`,
    });
    expect(await customerRow(customer.id)).toMatchObject({
      dnc: true,
      dncReason: 'User requested',
      dncEmployeeId: staff.id,
    });
    const [note] = await customerCommentsOf(t.database.db, customer.id);
    expect(note).toMatchObject({ body: 'DNC on: User requested (by Maria D.)', employeeId: staff.id });

    const before = await countWrites(t.database.db);
    const refusal = `Customer ${customer.id} is marked Do Not Contact (User requested): no text or email can be sent to them.`;
    const composed = await call('POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: 'Hello',
      thread: 'new',
    });
    expectErrors(composed, 409, [refusal]);
    const reply = await call('POST', 'send_reply', { id: ticket.id, reply: 'Hello' });
    expect(reply.json()).toEqual({ errors: [refusal] });
    // Nothing was written but the two refusals' audit events (decision 046).
    expect(await countWrites(t.database.db)).toEqual({ ...before, auditEvents: before.auditEvents + 2 });
    const refusals = await auditEventsOf(t.database.db, 'message.contact_refused', customer.id);
    expect(refusals.map((event) => event.after)).toEqual([
      { rule: 'dnc', sentence: refusal, channel: 'text', path: 'composer' },
      { rule: 'dnc', sentence: refusal, channel: 'text', path: 'ticket_reply' },
    ]);
    expect(sms.sent).toEqual([]);

    // Clearing DNC lifts a duty: not for this agent (issue 37; customers/contact-flags-lift.test.ts).
    const off = await call('PATCH', 'users/contact_flag', { user_id: customer.id, flag: 'dnc', on: false });
    expect(off.statusCode).toBe(403);
    expect((await customerRow(customer.id)).dnc).toBe(true);
  });

  it('takes only the flag\u2019s own reasons and keeps the context', async () => {
    const customer = await createCustomer(t.database.db);
    const before = await countWrites(t.database.db);
    const flag = (payload: object) =>
      call('PATCH', 'users/contact_flag', { user_id: customer.id, flag: 'dnl', on: true, ...payload });
    expect((await flag({})).json()).toEqual({ errors: ['Please select a reason for DNL.'] });
    expect((await flag({ reason: 'User requested' })).statusCode).toBe(422);
    expect((await flag({ reason: 'In bankruptcy', context: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await flag({ flag: 'dnp', reason: 'In bankruptcy' })).statusCode).toBe(400);
    expect(
      (
        await call('PATCH', 'users/contact_flag', {
          user_id: 987_654_321,
          flag: 'dnl',
          on: true,
          reason: 'In bankruptcy',
        })
      ).statusCode,
    ).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    const on = await flag({ reason: 'In bankruptcy', context: 'Chapter 7 notice received' });
    expect(on.json().message).toContain('DNL on: In bankruptcy - Chapter 7 notice received (by Maria D.)');
    expect(await customerRow(customer.id)).toMatchObject({ dnl: true, dnlContext: 'Chapter 7 notice received' });
  });
});

describe('POST users/comments', () => {
  it('adds a comment with its author, shown on the card newest first', async () => {
    const customer = await createCustomer(t.database.db);
    expect(
      (await call('POST', 'users/comments', { user_id: customer.id, body: '  Called about the due date. ' })).json(),
    ).toEqual({
      message: 'Comment added.',
    });
    const card = (await call('GET', 'users/search', { parameter: 'ID', search: String(customer.id) })).json();
    expect(card.user.comments).toEqual([
      expect.objectContaining({ body: 'Called about the due date.', employee_name: 'Maria Delgado' }),
    ]);
    const before = await countWrites(t.database.db);
    expect((await call('POST', 'users/comments', { user_id: customer.id, body: '   ' })).json()).toEqual({
      errors: ['Please enter a comment.'],
    });
    expect((await call('POST', 'users/comments', { user_id: 987_654_321, body: 'x' })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});

describe('POST users/originate_message', () => {
  it('emails the customer in a new thread, a ticket of its own closed by the sender', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await call('POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'email',
      subject: 'Your documents',
      message: 'Please upload your paystub.',
      thread: 'new',
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe(
      `Email to ${customer.email} is in the outbox and goes out in a moment (the conversation shows when).`,
    );
    await t.app.outbox.deliverDue();
    expect(mailer.sent.at(-1)).toMatchObject({
      to: customer.email,
      subject: 'Your documents',
      text: 'Please upload your paystub.',
    });
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, answer.ticket_id));
    expect(ticket).toMatchObject({ customerId: customer.id, channel: 'email', state: 'closed', closedBy: staff.id });
    const [message] = await t.database.db.select().from(messages).where(eq(messages.id, answer.message_id));
    expect(message).toMatchObject({ ticketId: ticket!.id, inbound: false, status: 'sent', employeeId: staff.id });
  });

  it("texts into the customer's open ticket, and refuses when there is none", async () => {
    const customer = await createCustomer(t.database.db);
    const before = await countWrites(t.database.db);
    const missing = await call('POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: 'Hi',
      thread: 'existing',
    });
    expect(missing.json()).toEqual({
      errors: [`Customer ${customer.id} has no open text ticket; start a new thread instead.`],
    });
    expect(await countWrites(t.database.db)).toEqual(before);
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber! });
    const sent = await call('POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: 'Hi',
      thread: 'existing',
    });
    expect(sent.json()).toMatchObject({
      ticket_id: ticket.id,
      message: `Text to ${customer.phoneNumber} is in the outbox and goes out in a moment (the conversation shows when).`,
    });
    await t.app.outbox.deliverDue();
    expect(sms.sent.at(-1)).toMatchObject({ to: customer.phoneNumber, body: 'Hi' });
  });

  it('refuses a message with a macro placeholder left in it, naming it, and writes nothing', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Amy' });
    const before = await countWrites(t.database.db);
    const response = await call('POST', 'users/originate_message', {
      user_id: customer.id,
      message_type: 'text',
      message: 'Hi Amy, your phone number is now {new_phone}.',
      thread: 'new',
    });
    expectErrors(response, 400, [
      "The message still has the placeholder {new_phone} from a macro. Replace it with the customer's details before sending.",
    ]);
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('refuses bad input with an errors list', async () => {
    const customer = await createCustomer(t.database.db, { phoneNumber: null });
    const before = await countWrites(t.database.db);
    const send = (payload: object) =>
      call('POST', 'users/originate_message', {
        user_id: customer.id,
        message_type: 'email',
        subject: 'S',
        message: 'M',
        thread: 'new',
        ...payload,
      });
    expect((await send({ subject: '' })).json()).toEqual({
      errors: ['Please enter a subject for the email.'],
    });
    expect((await send({ message: ' ' })).json()).toEqual({ errors: ['Please enter a message.'] });
    expect((await send({ message_type: 'fax' })).statusCode).toBe(400);
    expect((await send({ thread: 'old' })).statusCode).toBe(400);
    expect((await send({ message_type: 'text' })).json()).toEqual({
      errors: [`Customer ${customer.id} has no phone number on file, so no text can be sent.`],
    });
    expect((await send({ user_id: 987_654_321 })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});

describe('GET users/hotlink', () => {
  it('answers a link into the customer app signed for this customer, for 24 hours, and audits it', async () => {
    const customer = await createCustomer(t.database.db);
    const response = await call('GET', 'users/hotlink', { user_id: String(customer.id) });
    const { url, expires_at } = response.json();
    expect(url.startsWith('https://app.example.test/hotlink#')).toBe(true);
    expect(Date.parse(expires_at) - t.clock.now().getTime()).toBe(24 * 3_600_000);
    const [body, signature] = url.split('#')[1].split('.');
    const expected = createHmac('sha256', deriveKey(SECRETS_KEY, 'hotlink-v1')).update(body).digest('base64url');
    expect(signature).toBe(expected);
    expect(JSON.parse(Buffer.from(body, 'base64url').toString())).toEqual({
      purpose: 'customer-app-sign-in',
      customer_id: customer.id,
      expires_at: Math.floor(Date.parse(expires_at) / 1000),
    });
    expect(await auditOf('customer.hotlink_created', customer.id)).toHaveLength(1);
    expect((await call('GET', 'users/hotlink', { user_id: '987654321' })).statusCode).toBe(404);
  });
});

describe('PATCH users/allow_new_plaid', () => {
  it('turns Plaid update mode off so the customer can connect anew', async () => {
    const customer = await createCustomer(t.database.db, { plaidNeedsUpdateMode: true });
    expect((await call('PATCH', 'users/allow_new_plaid', { user_id: customer.id })).json()).toEqual({
      message: `Customer ${customer.id} can now create a new Plaid connection in the app.`,
    });
    expect((await customerRow(customer.id)).plaidNeedsUpdateMode).toBe(false);
    expect((await call('PATCH', 'users/allow_new_plaid', { user_id: customer.id })).json().message).toContain(
      'nothing changed',
    );
    expect((await call('PATCH', 'users/allow_new_plaid', { user_id: 987_654_321 })).statusCode).toBe(404);
  });
});

describe('POST users/create_larger_payment', () => {
  const larger = (payload: object) => call('POST', 'users/create_larger_payment', payload);

  it('raises an upcoming payment and takes the extra off the last installments, cent-exact', async () => {
    const customer = await createCustomer(t.database.db);
    // Funded 2026-10-15: six monthly installments from 2026-11-15; the first is past due on 2026-11-21.
    const { loan, payments: schedule } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-10-15',
    });
    const target = schedule[1]!;
    const last = schedule[5]!;
    const amount = (target.expectedAmountCents + last.expectedAmountCents + 1234) / 100;
    const response = await larger({ loan_id: loan.id, payment_id: target.id, amount });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.database.db.select().from(payments).where(eq(payments.loanId, loan.id)).orderBy(payments.due);
    const total = (list: typeof rows) =>
      list.filter((row) => row.invalidAt === null).reduce((s, row) => s + row.expectedAmountCents, 0);
    expect(total(rows)).toBe(schedule.reduce((s, row) => s + row.expectedAmountCents, 0));
    expect(rows[1]!.expectedAmountCents).toBe(Math.round(amount * 100));
    expect(rows[5]!.invalidAt).not.toBeNull();
    expect(rows[4]!.expectedAmountCents).toBe(schedule[4]!.expectedAmountCents - 1234);
    expect(response.json().message).toContain(`payment ${last.id} cancelled`);
  });

  it("answers the spec's messages and writes nothing", async () => {
    const customer = await createCustomer(t.database.db);
    const { loan, payments: schedule } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-10-15',
    });
    const paidOff = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-04-15',
      paidInstallments: 6,
    });
    const before = await countWrites(t.database.db);
    expect((await larger({ loan_id: loan.id, payment_id: schedule[2]!.id, amount: 24.99 })).json()).toEqual({
      errors: ['Please enter an amount larger than $25'],
    });
    expect((await larger({ loan_id: loan.id, payment_id: schedule[2]!.id })).json()).toEqual({
      errors: ['Please enter an amount larger than $25'],
    });
    expect((await larger({ loan_id: loan.id, amount: 300 })).json()).toEqual({
      errors: ['Please select a value for payment id.'],
    });
    expect(
      (await larger({ loan_id: paidOff.loan.id, payment_id: paidOff.payments[5]!.id, amount: 300 })).json(),
    ).toEqual({
      errors: [`Loan ${paidOff.loan.id} has no upcoming payments`],
    });
    expect((await larger({ loan_id: loan.id, payment_id: schedule[0]!.id, amount: 300 })).statusCode).toBe(409);
    expect(
      (
        await larger({
          loan_id: loan.id,
          payment_id: schedule[2]!.id,
          amount: 1 + schedule[2]!.expectedAmountCents / 100 - 1,
        })
      ).statusCode,
    ).toBe(422);
    expect((await larger({ loan_id: loan.id, payment_id: schedule[2]!.id, amount: 99_999 })).statusCode).toBe(422);
    expect((await larger({ loan_id: loan.id, payment_id: paidOff.payments[0]!.id, amount: 300 })).statusCode).toBe(404);
    expect((await larger({ loan_id: 987_654_321, payment_id: 1, amount: 300 })).statusCode).toBe(404);
    expect((await larger({ loan_id: 'x', payment_id: 1, amount: 300 })).statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});
