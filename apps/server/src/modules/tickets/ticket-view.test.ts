import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payoffBalanceCents } from '@portal/contracts';
import { bankAccounts, bounces, customerComments, customerEmails, debitCards, messages, tickets } from '@portal/db';
import { createCustomer, createLoan, createMacro, createTicket } from '@portal/db/testing';
import { TEST_SECRETS_KEY } from '../../testing/test-app.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';
import { sealStoredBankNumbers } from '../customers/index.ts';
import { getTicket } from '../../testing/ticket-helpers.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const t = useTestApp({ ticketLeaseMinutes: 15 });
const agent = useSignedInStaff(t, { name: 'Alex Agent' });
const colleague = useSignedInStaff(t, { name: 'Casey Colleague' });

const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

type WireMessage = {
  id: number;
  type: string;
  inbound: boolean;
  body: string;
  employee_name: string | null;
  created_at: string;
};

// A customer with history: accounts, comments, loans in every stage, messages on two tickets.
async function customerWithHistory() {
  const db = t.database.db;
  const customer = await createCustomer(db, { firstName: 'Maria', lastName: 'Lopez', middleInitial: 'J' });
  await db
    .insert(customerEmails)
    .values({ customerId: customer.id, email: 'maria.old@example.com', addedAt: ago(400 * DAY) });
  const [plain] = await db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customer.id));
  // Sealed as the start seals it (decision 070): the card opens it for the routing number.
  await sealStoredBankNumbers(db, TEST_SECRETS_KEY);
  const [account] = await db.select().from(bankAccounts).where(eq(bankAccounts.customerId, customer.id));
  expect(account!.numbersSealed).toMatch(/^gcm1:/);
  const accountNumber = plain!.numbersSealed.split(':')[1]!;
  const [card] = await db.select().from(debitCards).where(eq(debitCards.customerId, customer.id));
  await db.insert(customerComments).values([
    { customerId: customer.id, employeeId: agent.id, body: 'Called about a late payment.', createdAt: ago(3 * DAY) },
    { customerId: customer.id, employeeId: null, body: 'Account opened.', createdAt: ago(300 * DAY) },
  ]);
  const paidOff = await createLoan(db, {
    customerId: customer.id,
    state: 'paid_off',
    fundedOn: '2025-01-10',
    installments: 3,
  });
  const active = await createLoan(db, { customerId: customer.id, fundedOn: '2026-07-15', paidInstallments: 2 });
  const bounced = active.payments[1];
  if (!bounced) throw new Error('the active loan has no second payment');
  await db.insert(bounces).values({
    paymentId: bounced.id,
    loanId: active.loan.id,
    returnCode: 'R01',
    bouncedOn: '2026-09-17',
    amountCents: bounced.expectedAmountCents,
    feeCents: 1500,
  });
  const approved = await createLoan(db, { customerId: customer.id, state: 'approved', fundedOn: '2026-11-15' });
  const applied = await createLoan(db, { customerId: customer.id, state: 'applied', fundedOn: '2026-11-20' });
  const denied = await createLoan(db, { customerId: customer.id, state: 'denied', fundedOn: '2026-11-18' });

  const older = await createTicket(db, {
    customerId: customer.id,
    contact: customer.phoneNumber ?? '',
    createdAt: ago(20 * DAY),
    thread: ['An older text'],
    state: 'closed',
  });
  await db.insert(messages).values({
    ticketId: older.id,
    customerId: customer.id,
    type: 'text',
    inbound: false,
    body: 'Our older answer',
    status: 'sent',
    employeeId: colleague.id,
    createdAt: ago(19 * DAY),
  });
  const ticket = await createTicket(db, {
    customerId: customer.id,
    channel: 'email',
    contact: customer.email,
    subject: 'Payment date',
    createdAt: ago(2 * DAY),
    thread: ['Hello', 'Can I move my payment to the 20th?'],
  });
  return { customer, accountNumber, card, ticket, older, loans: { paidOff, active, approved, applied, denied } };
}

describe('GET ticket', () => {
  it('answers the whole ticket: customer, thread, history, analysis, loans and suggestions', async () => {
    const macro = await createMacro(t.database.db, {
      title: 'change_payment_date',
      body: 'Hi {first_name}, your payment of {amount} moves to {new_date}.',
    });
    const { customer, accountNumber, card, ticket, loans } = await customerWithHistory();
    const response = await getTicket(t.app, agent, ticket.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();

    expect(body).toMatchObject({
      id: ticket.id,
      user_id: customer.id,
      channel: 'email',
      subject: 'Payment date',
      state: 'open',
      assigned_to: 'Alex Agent',
    });
    // Only the last four digits of the account ever leave the server.
    expect(response.body).not.toContain(accountNumber);
    expect(body.user).toMatchObject({
      id: customer.id,
      first_name: 'Maria',
      middle_initial: 'J',
      last_name: 'Lopez',
      email: customer.email,
      bank_account: { account_last4: accountNumber.slice(-4), routing: '121000358', dnp: false },
      debit_card: { last_four: card?.lastFour, dnp: false },
    });
    expect(
      body.user.comments.map((comment: { body: string; employee_name: string | null }) => [
        comment.body,
        comment.employee_name,
      ]),
    ).toEqual([
      ['Called about a late payment.', 'Alex Agent'],
      ['Account opened.', null],
    ]);

    expect(body.details).toMatchObject({
      first_name: 'Maria',
      last_name: 'Lopez',
      email: customer.email,
      last_escalated_by: null,
    });
    expect(body.details.all_emails).toEqual(['maria.old@example.com', customer.email]);
    expect(
      body.details.inboundTexts.map((message: WireMessage) => [message.body, message.inbound, message.employee_name]),
    ).toEqual([
      ['An older text', true, null],
      ['Our older answer', false, 'Casey Colleague'],
    ]);
    expect(body.details.inboundEmails.map((message: WireMessage) => message.body)).toEqual([
      'Hello',
      'Can I move my payment to the 20th?',
    ]);
    expect(body.messages.map((message: WireMessage) => message.body)).toEqual([
      'Hello',
      'Can I move my payment to the 20th?',
    ]);
    expect(body.messages[0]).toMatchObject({
      ticket_id: ticket.id,
      type: 'email',
      inbound: true,
      processed: false,
      status: 'received',
      subject: 'Payment date',
    });

    expect(body.analysis).toEqual({
      active_loan: [loans.active.loan.id],
      // Applied in the last 30 days and not funded, denied or closed: the approved one too.
      applied_loan: [loans.approved.loan.id, loans.applied.loan.id],
      recently_approved_loan: loans.approved.loan.id,
    });

    expect(Object.keys(body.loans).sort()).toEqual(
      Object.values(loans)
        .map((entry) => String(entry.loan.id))
        .sort(),
    );
    const active = body.loans[String(loans.active.loan.id)];
    expect(active).toMatchObject({
      id: loans.active.loan.id,
      type: 'standard',
      apr: 35.99,
      applied_amt: 1000,
      cash_advanced: 1000,
      installment_num: 6,
      display_status: 'ACTIVE',
      eligible_payment_methods: ['ach', 'debit'],
      ach: true,
    });
    expect(active.payments.map((payment: { due: string; state: string }) => [payment.due, payment.state])).toEqual([
      ['2026-08-15', 'paid'],
      ['2026-09-15', 'paid'],
      ['2026-10-15', 'due'],
      ['2026-11-15', 'due'],
      ['2026-12-15', 'due'],
      ['2027-01-15', 'due'],
    ]);
    expect(active.payments[1].bounces).toEqual([
      {
        code: 'R01',
        title: 'Insufficient Funds',
        high_risk: false,
        date: '2026-09-17',
        amount: (loans.active.payments[1]?.expectedAmountCents ?? 0) / 100,
        fee: 15,
        fee_waived: false,
      },
    ]);
    expect(active.payments[0].expected_amt).toBe((loans.active.payments[0]?.expectedAmountCents ?? 0) / 100);
    // Today in Los Angeles is 2026-11-21; interest runs from the last collected due date.
    const expectedPayoff = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3599,
      installmentCount: 6,
      paidInstallments: 2,
      interestFrom: '2026-09-15',
      asOf: '2026-11-21',
    });
    expect(active.payoff_balance).toBe(expectedPayoff / 100);
    expect(active.payoff_balance).toBeGreaterThan(0);
    expect(body.loans[String(loans.paidOff.loan.id)]).toMatchObject({ display_status: 'PAID OFF', payoff_balance: 0 });
    expect(body.loans[String(loans.approved.loan.id)]).toMatchObject({
      display_status: 'Approved - Not Accepted',
      payments: [],
    });
    expect(body.loans[String(loans.denied.loan.id)]).toMatchObject({
      display_status: 'DENIED',
      deny_reason: 'insufficient_income',
    });
    expect(body.loans[String(loans.applied.loan.id)].display_status).toBe('APPLIED');

    const nextDue = loans.active.payments[2];
    expect(body.details.guesses.response).toEqual([
      {
        macro_id: macro.id,
        title: 'change_payment_date',
        text: `Hi Maria, your payment of $${((nextDue?.expectedAmountCents ?? 0) / 100).toFixed(2)} moves to {new_date}.`,
        reason: 'Mentions a new payment date',
      },
    ]);
    expect(body.details.guesses.action).toEqual([
      {
        action: 'change_payment_date',
        label: 'Change the payment date',
        loan_id: loans.active.loan.id,
        reason: 'Mentions a new payment date',
      },
    ]);

    const [stored] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(stored?.assignedTo).toBe(agent.id);
  });

  it('offers only the payment methods not marked do-not-pay', async () => {
    const { customer, ticket } = await customerWithHistory();
    await t.database.db.update(debitCards).set({ dnp: true }).where(eq(debitCards.customerId, customer.id));
    const body = (await getTicket(t.app, agent, ticket.id, true)).json();
    for (const loan of Object.values(body.loans) as Array<{ eligible_payment_methods: string[] }>)
      expect(loan.eligible_payment_methods).toEqual(['ach']);
    expect(body.user.debit_card.dnp).toBe(true);
  });

  it('shows a ticket with no customer with its own thread, no user and no loans', async () => {
    const ticket = await createTicket(t.database.db, { contact: '4585550199', thread: ['who is this?'] });
    const body = (await getTicket(t.app, agent, ticket.id)).json();
    expect(body).toMatchObject({
      user_id: null,
      user: null,
      loans: {},
      analysis: { active_loan: [], applied_loan: [], recently_approved_loan: null },
    });
    expect(body.details).toMatchObject({
      first_name: null,
      last_name: null,
      email: null,
      all_emails: [],
      guesses: { response: [], action: [] },
    });
    expect(body.details.inboundTexts.map((message: WireMessage) => message.body)).toEqual(['who is this?']);
  });

  it('keeps the newest 100 texts and 100 emails of the customer, oldest first', async () => {
    const customer = await createCustomer(t.database.db);
    const ticket = await createTicket(t.database.db, { customerId: customer.id, thread: [] });
    const base = { customerId: customer.id, inbound: true, status: 'received' as const };
    const texts = Array.from({ length: 105 }, (_, index) => ({
      ...base,
      type: 'text' as const,
      body: `text ${index}`,
      createdAt: ago((200 - index) * MINUTE),
    }));
    await t.database.db
      .insert(messages)
      .values([...texts, { ...base, type: 'email', body: 'one email', createdAt: ago(300 * MINUTE) }]);
    const body = (await getTicket(t.app, agent, ticket.id, true)).json();
    expect(body.details.inboundTexts).toHaveLength(100);
    expect(body.details.inboundTexts[0].body).toBe('text 5');
    expect(body.details.inboundTexts[99].body).toBe('text 104');
    expect(body.details.inboundEmails.map((message: WireMessage) => message.body)).toEqual(['one email']);
  });

  it('takes no lease on a preview, and says who works the ticket', async () => {
    const ticket = await createTicket(t.database.db);
    const preview = await getTicket(t.app, agent, ticket.id, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().assigned_to).toBeNull();
    const [untouched] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(untouched?.assignedTo).toBeNull();

    expect((await getTicket(t.app, colleague, ticket.id)).json().assigned_to).toBe('Casey Colleague');
    expect((await getTicket(t.app, agent, ticket.id, true)).json().assigned_to).toBe('Casey Colleague');
  });

  it('answers 409 when someone else holds the lease, and lets the caller in once it has run out', async () => {
    const ticket = await createTicket(t.database.db);
    expect((await getTicket(t.app, colleague, ticket.id)).statusCode).toBe(200);
    const refused = await getTicket(t.app, agent, ticket.id);
    expectErrors(refused, 409, [`Ticket ${ticket.id} is being worked by Casey Colleague.`]);
    const [held] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(held?.assignedTo).toBe(colleague.id);

    t.clock.advance(15 * MINUTE + 1);
    expect((await getTicket(t.app, agent, ticket.id)).json().assigned_to).toBe('Alex Agent');
  });

  it('shows a closed ticket without taking a lease', async () => {
    const ticket = await createTicket(t.database.db, { state: 'closed' });
    const body = (await getTicket(t.app, agent, ticket.id)).json();
    expect(body).toMatchObject({ state: 'closed', assigned_to: null });
  });

  it('answers 404 for an unknown ticket and 400 for an id that is not a number', async () => {
    const missing = await getTicket(t.app, agent, 987654);
    expectErrors(missing, 404, ['Ticket 987654 was not found.']);
    const bad = await getTicket(t.app, agent, 'abc');
    expectErrors(bad, 400, ['An id must be a number.']);
    const none = await t.app.inject({ method: 'GET', url: '/internal/api/ticket', headers: agent.headers });
    expect(none.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const ticket = await createTicket(t.database.db);
    const response = await t.app.inject({
      method: 'GET',
      url: '/internal/api/ticket',
      query: { id: String(ticket.id) },
    });
    expect(response.statusCode).toBe(401);
  });
});
