import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loans, messages } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { createRecordingSms, type RecordingSms } from '../../testing/recording-senders.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { signInAsStaff, type StaffSession } from '../../testing/staff-session.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

let t: TestApp;
let sms: RecordingSms;
let staff: StaffSession;

beforeAll(async () => {
  sms = createRecordingSms();
  t = await createTestApp({ sms, customerAppUrl: 'https://apply.lender.example' });
  staff = await signInAsStaff(t.app, t.database.db);
});
afterAll(() => t.close());

const resend = (app: TestApp['app'], headers: StaffSession['headers'], loanId: number) =>
  app.inject({
    method: 'POST',
    url: '/internal/api/users/resend_approval_text',
    headers,
    payload: { loan_id: loanId },
  });

// An approved offer ($1,000) the customer has not accepted yet.
async function approvedLoan(db: TestApp['database']['db'], customer: Parameters<typeof createCustomer>[1] = {}) {
  const created = await createCustomer(db, { firstName: 'Maria', phoneNumber: '5035550160', ...customer });
  const { loan } = await createLoan(db, { customerId: created.id, state: 'approved', principalCents: 100_000 });
  return { customer: created, loan };
}

describe('POST users/resend_approval_text', () => {
  it("texts the approval to the customer's phone, records it in their open text ticket, and answers 'Text Sent'", async () => {
    const { customer, loan } = await approvedLoan(t.database.db);
    const ticket = await createTicket(t.database.db, {
      channel: 'text',
      contact: '5035550160',
      customerId: customer.id,
    });
    const response = await resend(t.app, staff.headers, loan.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Text Sent', held_until: null });
    await t.app.outbox.deliverDue();
    const body = `Good news, Maria! Your loan of $1,000.00 is approved. Open the app to review and accept your offer: https://apply.lender.example/loans/${loan.id}`;
    expect(sms.sent.at(-1)).toEqual({ to: '5035550160', body });
    const [stored] = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customer.id), eq(messages.inbound, false)));
    expect(stored).toMatchObject({
      type: 'text',
      status: 'sent',
      body,
      ticketId: ticket.id,
      employeeId: staff.employeeId,
      toAddress: '5035550160',
    });
    const audit = await auditEventsOf(t.database.db, 'loan.approval_text_sent', loan.id);
    expect(audit).toHaveLength(1);
  });

  it('refuses loans that are funded, closed, denied or not approved (409), a customer without a phone (409), an unknown loan (404)', async () => {
    const customer = await createCustomer(t.database.db);
    const funded = await createLoan(t.database.db, { customerId: customer.id, state: 'active' });
    const closed = await createLoan(t.database.db, { customerId: customer.id, state: 'closed' });
    const denied = await createLoan(t.database.db, { customerId: customer.id, state: 'denied' });
    const applied = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const noPhone = await approvedLoan(t.database.db, { phoneNumber: null });
    const sentBefore = sms.sent.length;
    const before = await countWrites(t.database.db);

    expect((await resend(t.app, staff.headers, funded.loan.id)).json()).toEqual({
      errors: [
        `Loan ${funded.loan.id} is already funded; the approval text is only for an offer waiting to be accepted.`,
      ],
    });
    expect((await resend(t.app, staff.headers, closed.loan.id)).json()).toEqual({
      errors: [`Loan ${closed.loan.id} is closed; reopen the approval before texting the customer about it.`],
    });
    for (const loanId of [denied.loan.id, applied.loan.id, noPhone.loan.id]) {
      expect((await resend(t.app, staff.headers, loanId)).statusCode).toBe(409);
    }
    expect((await resend(t.app, staff.headers, 99_999_999)).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect(sms.sent.length).toBe(sentBefore);
  });

  it('answers once the text is committed; a refusal by the provider then shows on the text as undelivered', async () => {
    const failingSms = createRecordingSms();
    failingSms.failWith = 'Twilio said no (test).';
    const failing = await createTestApp({ sms: failingSms });
    try {
      const failingStaff = await signInAsStaff(failing.app, failing.database.db);
      const { customer, loan } = await approvedLoan(failing.database.db);
      const response = await resend(failing.app, failingStaff.headers, loan.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Text Sent', held_until: null });
      await failing.app.outbox.deliverDue();
      const [kept] = await failing.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
      expect(kept).toMatchObject({ status: 'undelivered', error: 'Twilio said no (test).', type: 'text' });
    } finally {
      await failing.close();
    }
  });

  it("keeps the text queued in the outbox and still answers 'Text Sent' when no provider is configured", async () => {
    const offline = await createTestApp();
    try {
      const offlineStaff = await signInAsStaff(offline.app, offline.database.db);
      const { customer, loan } = await approvedLoan(offline.database.db);
      const response = await resend(offline.app, offlineStaff.headers, loan.id);
      expect(response.json()).toEqual({ message: 'Text Sent', held_until: null });
      const [kept] = await offline.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
      expect(kept?.status).toBe('queued');
    } finally {
      await offline.close();
    }
  });
});

describe('POST users/take_message_action', () => {
  const act = (message_action: string, loan_id: number) =>
    t.app.inject({
      method: 'POST',
      url: '/internal/api/users/take_message_action',
      headers: staff.headers,
      payload: { message_action, loan_id },
    });

  it('resend_approval_text sends the same approval text', async () => {
    const { loan } = await approvedLoan(t.database.db, { phoneNumber: '5035550161' });
    const response = await act('resend_approval_text', loan.id);
    expect(response.json()).toEqual({ message: 'Text Sent' });
    await t.app.outbox.deliverDue();
    expect(sms.sent.at(-1)?.body).toContain(`/loans/${loan.id}`);
  });

  it('toggle_ach and reopen_approval change the loan as their own calls do', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'closed' });
    expect((await act('toggle_ach', loan.id)).json()).toEqual({
      message: `Automatic payments (ACH) are now OFF for loan ${loan.id}.`,
    });
    expect((await act('reopen_approval', loan.id)).json()).toEqual({
      message: `Loan ${loan.id} is reopened: the customer can accept the approved offer again.`,
    });
    const [after] = await t.database.db.select().from(loans).where(eq(loans.id, loan.id));
    expect(after).toMatchObject({ autoDebit: false, closedAt: null });
  });

  it('send_payoff_balance texts the payoff balance as of today, or emails it when there is no phone', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Ana', phoneNumber: '5035550162' });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'active', paidInstallments: 2 });
    const response = await act('send_payoff_balance', loan.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(
      /^Payoff balance of \$[\d,]+\.\d\d as of 2026-11-21: The text to 5035550162 is in the outbox and goes out in a moment\.$/,
    );
    await t.app.outbox.deliverDue();
    expect(sms.sent.at(-1)?.body).toMatch(
      new RegExp(`^Hi Ana, the payoff balance of your loan ${loan.id} is \\$[\\d,]+\\.\\d\\d as of 2026-11-21\\.`),
    );

    const emailOnly = await createCustomer(t.database.db, { phoneNumber: null });
    const second = await createLoan(t.database.db, { customerId: emailOnly.id, state: 'active' });
    const byEmail = await act('send_payoff_balance', second.loan.id);
    expect(byEmail.json().message).toContain(`The email to ${emailOnly.email} is in the outbox`);
    const [queued] = await t.database.db.select().from(messages).where(eq(messages.customerId, emailOnly.id));
    // No mailer in this app: the email waits in the outbox.
    expect(queued).toMatchObject({
      type: 'email',
      status: 'queued',
      subject: `Your payoff balance for loan ${second.loan.id}`,
    });
  });

  it('refuses an unknown action (400) and a loan the action does not fit (409)', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const before = await countWrites(t.database.db);
    const unknown = await act('delete_everything', loan.id);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toContain(
      'message_action must be one of resend_approval_text, toggle_ach, reopen_approval, send_payoff_balance.',
    );
    expect((await act('send_payoff_balance', loan.id)).statusCode).toBe(409);
    expect((await act('reopen_approval', loan.id)).statusCode).toBe(409);
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});
