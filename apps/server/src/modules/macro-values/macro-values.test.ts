import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatDollars, payoffBalanceCents } from '@portal/contracts';
import { payments } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { expectErrors } from '../../testing/error-answers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// The test clock stands at Saturday 2026-11-21 in Los Angeles.
const t = useTestApp();
const agent = useSignedInStaff(t, { name: 'Robin Q. Agent', online: false });

const macroValues = (query: string, headers: Record<string, string> = agent.headers) =>
  t.app.inject({ method: 'GET', url: `/internal/api/macro_values?${query}`, headers });

const LOAN_VARIABLES = [
  'loan_id',
  'payoff_amount',
  'next_due_date',
  'next_payment_amount',
  'past_due_amount',
  'payment_method',
];

describe('GET macro_values', () => {
  it("fills the account's variables from the ticket's customer and their active loan, and the agent's name", async () => {
    const customer = await createCustomer(t.database.db, {
      firstName: 'Amy',
      lastName: 'Nguyen',
      phoneNumber: '5035550123',
      birthday: '1988-04-12',
    });
    // Funded 2026-09-01, $1,000 in 6 monthly installments from 2026-10-01: the first paid, the
    // second (2026-11-01) past due, the third (2026-12-01) next, collected by debit card.
    const { loan, payments: schedule } = await createLoan(t.database.db, {
      customerId: customer.id,
      paidInstallments: 1,
    });
    await t.database.db.update(payments).set({ method: 'debit' }).where(eq(payments.id, schedule[2]!.id));
    const ticket = await createTicket(t.database.db, { customerId: customer.id });
    const before = await countWrites(t.database.db);

    const response = await macroValues(`ticket_id=${ticket.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const payoff = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3599,
      installmentCount: 6,
      paidInstallments: 1,
      interestFrom: '2026-10-01',
      asOf: '2026-11-21',
    });
    expect(response.json()).toEqual({
      user_id: customer.id,
      loan_id: loan.id,
      values: {
        first_name: 'Amy',
        last_name: 'Nguyen',
        full_name: 'Amy Nguyen',
        email: customer.email,
        phone_number: '(503) 555-0123',
        phone: '(503) 555-0123',
        birthday: 'April 12, 1988',
        loan_id: String(loan.id),
        payoff_amount: formatDollars(payoff),
        next_due_date: 'December 1, 2026',
        next_payment_amount: formatDollars(schedule[2]!.expectedAmountCents),
        past_due_amount: formatDollars(schedule[1]!.expectedAmountCents),
        payment_method: 'debit card',
        agent_first_name: 'Robin',
        agent_name: 'Robin',
      },
      unfilled: [],
    });
    // The payoff is the loan card's to the cent.
    const card = await t.app.inject({
      method: 'GET',
      url: `/internal/api/loan_info?id=${ticket.id}`,
      headers: agent.headers,
    });
    const cardPayoff: number = card.json().loans[String(loan.id)].payoff_balance;
    expect(formatDollars(Math.round(cardPayoff * 100))).toBe(formatDollars(payoff));
    // A read: nothing written.
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers by user_id as by ticket_id, with $0.00 past due when nothing is late', async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Bo' });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const response = await macroValues(`user_id=${customer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      user_id: customer.id,
      loan_id: loan.id,
      values: { first_name: 'Bo', past_due_amount: '$0.00', next_due_date: 'December 1, 2026' },
      unfilled: [],
    });
  });

  it("leaves the loan's variables unfilled, saying why, for a customer without an active loan", async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Cy', phoneNumber: null, birthday: null });
    await createLoan(t.database.db, { customerId: customer.id, state: 'paid_off' });
    await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const body = (await macroValues(`user_id=${customer.id}`)).json();
    expect(body.loan_id).toBeNull();
    expect(body.values).toMatchObject({ first_name: 'Cy', payoff_amount: null, loan_id: null, phone: null });
    expect(body.unfilled).toEqual([
      { name: 'phone_number', reason: 'The customer has no phone number on file.' },
      { name: 'phone', reason: 'The customer has no phone number on file.' },
      { name: 'birthday', reason: 'The customer has no date of birth on file.' },
      ...LOAN_VARIABLES.map((name) => ({ name, reason: 'The customer has no active loan.' })),
    ]);
  });

  it('leaves them unfilled when the customer has two active loans, naming both', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan: first } = await createLoan(t.database.db, { customerId: customer.id });
    const { loan: second } = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-10-05' });
    const body = (await macroValues(`user_id=${customer.id}`)).json();
    expect(body.loan_id).toBeNull();
    expect(body.values.payoff_amount).toBeNull();
    expect(body.unfilled).toContainEqual({
      name: 'payoff_amount',
      reason: `The customer has 2 active loans (#${first.id}, #${second.id}): write in the figures of the loan you mean.`,
    });
  });

  it('says when the active loan has no payment left to come', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan, payments: schedule } = await createLoan(t.database.db, { customerId: customer.id, installments: 2 });
    // Both installments (2026-10-01 and 2026-11-01) are past due: nothing is due today or later.
    expect(schedule.map((payment) => payment.due)).toEqual(['2026-10-01', '2026-11-01']);
    const body = (await macroValues(`user_id=${customer.id}`)).json();
    expect(body.values).toMatchObject({ loan_id: String(loan.id), next_due_date: null, next_payment_amount: null });
    expect(body.values.past_due_amount).toBe(
      formatDollars(schedule.reduce((total, payment) => total + payment.expectedAmountCents, 0)),
    );
    expect(body.unfilled).toContainEqual({
      name: 'next_due_date',
      reason: `Loan #${loan.id} has no payment left to come.`,
    });
  });

  it('fills only the agent for a ticket no customer is linked to', async () => {
    const ticket = await createTicket(t.database.db, { contact: '5035550999' });
    const body = (await macroValues(`ticket_id=${ticket.id}`)).json();
    expect(body).toMatchObject({ user_id: null, loan_id: null });
    expect(body.values.agent_first_name).toBe('Robin');
    expect(body.values.first_name).toBeNull();
    expect(body.unfilled).toContainEqual({
      name: 'first_name',
      reason: 'No customer is linked to this ticket: link the account, or write it in yourself.',
    });
    expect(body.unfilled).toHaveLength(13);
  });

  it.each([
    [
      'neither id',
      '',
      "Say whose account fills the macro: the ticket's id (ticket_id) or the customer's (user_id), one of them.",
    ],
    [
      'both ids',
      'ticket_id=1&user_id=1',
      "Say whose account fills the macro: the ticket's id (ticket_id) or the customer's (user_id), one of them.",
    ],
    ['an id that is not a number', 'ticket_id=abc', 'An id must be a number.'],
    ['a negative id', 'user_id=-4', 'An id must be positive.'],
  ])('answers 400 for %s', async (_case, query, error) => {
    const response = await macroValues(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContain(error);
  });

  it('answers 404 for a ticket or a customer that does not exist', async () => {
    expectErrors(await macroValues('ticket_id=987654321'), 404, ['Ticket #987654321 was not found.']);
    expectErrors(await macroValues('user_id=987654321'), 404, ['Customer 987654321 was not found.']);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/internal/api/macro_values?user_id=1' });
    expect(response.statusCode).toBe(401);
  });
});
