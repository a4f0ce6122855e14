import { describe, expect, it } from 'vitest';
import type { UserSearchResponse } from '@portal/contracts';
import { customerEmails, messages } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';

const t = useTestApp();
const staff = useStaffSession(t);

const search = (parameter: string, text: string) =>
  callAsStaff(t.app, staff, 'GET', 'users/search', { parameter, search: text });
const found = async (parameter: string, text: string): Promise<UserSearchResponse> => {
  const response = await search(parameter, text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const userOf = (answer: UserSearchResponse) => {
  if (answer.kind !== 'user') throw new Error(`expected a user, got ${answer.kind}`);
  return answer;
};
const suggestionsOf = (answer: UserSearchResponse) => {
  if (answer.kind !== 'suggestions') throw new Error(`expected suggestions, got ${answer.kind}`);
  return answer.suggestions;
};

describe('GET users/search', () => {
  it('finds a customer by ID with the whole card and their loans, newest first', async () => {
    const referrer = await createCustomer(t.database.db, { firstName: 'Rita', lastName: 'Referrer' });
    const customer = await createCustomer(t.database.db, {
      firstName: 'Dana',
      lastName: 'Card',
      utmSource: 'refer',
      referrerId: referrer.id,
      plaidCount: 2,
      ibvCount: 1,
      plaidNeedsUpdateMode: true,
    });
    const older = await createLoan(t.database.db, {
      customerId: customer.id,
      state: 'paid_off',
      fundedOn: '2025-01-05',
    });
    // Funded 2026-08-01: the 2026-09-01 payment is due and unpaid on the test clock's 2026-11-21.
    const newer = await createLoan(t.database.db, { customerId: customer.id, state: 'active', fundedOn: '2026-08-01' });
    await createTicket(t.database.db, {
      customerId: customer.id,
      contact: customer.phoneNumber!,
      thread: ['Hi there'],
    });

    const { user, loans } = userOf(await found('ID', String(customer.id)));
    expect(loans.map((loan) => loan.id)).toEqual([newer.loan.id, older.loan.id]);
    expect(user).toMatchObject({
      id: customer.id,
      first_name: 'Dana',
      plaid_needs_update_mode: true,
      plaid_count: 2,
      ibv_count: 1,
      utm_source: 'refer',
      referred_by: { id: referrer.id, name: 'Rita Referrer' },
      referrals: [],
      days_delayed: 81,
      dnc_detail: null,
    });
    expect(user.bank_account?.account_last4).toHaveLength(4);
    expect(user.emails).toEqual([expect.objectContaining({ email: customer.email, primary: true })]);
    expect(user.recent_messages[0]).toMatchObject({ type: 'text', inbound: true, body: 'Hi there' });
    const { user: rita } = userOf(await found('ID', String(referrer.id)));
    expect(rita.referrals).toEqual([{ id: customer.id, name: 'Dana Card' }]);
  });

  it('finds by email in any case, by an old address, and by phone whatever the separators', async () => {
    const customer = await createCustomer(t.database.db, {
      email: 'mixed.case@example.com',
      phoneNumber: '5038675309',
    });
    await t.database.db.insert(customerEmails).values({ customerId: customer.id, email: 'old.address@example.com' });
    expect(userOf(await found('email', ' Mixed.Case@Example.COM ')).user.id).toBe(customer.id);
    expect(userOf(await found('email', 'old.address@example.com')).user.id).toBe(customer.id);
    for (const typed of ['(503) 867-5309', '503.867.5309', '+1 503 867 5309', '5038675309'])
      expect(userOf(await found('phone', typed)).user.id).toBe(customer.id);
  });

  it('lands on the customer of a loan id or a payment id', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan, payments } = await createLoan(t.database.db, { customerId: customer.id });
    expect(userOf(await found('loan_id', String(loan.id))).user.id).toBe(customer.id);
    expect(userOf(await found('payment_id', String(payments[2]!.id))).user.id).toBe(customer.id);
  });

  it('suggests customers for a name, exact matches first, then prefixes and the other order', async () => {
    const exact = await createCustomer(t.database.db, { firstName: 'Zelda', lastName: 'Quincey' });
    const prefix = await createCustomer(t.database.db, { firstName: 'Zeldana', lastName: 'Quincey' });
    const swapped = await createCustomer(t.database.db, { firstName: 'Quincey', lastName: 'Zelda' });
    await createCustomer(t.database.db, { firstName: 'Zelda', lastName: 'Quincy' });
    await createCustomer(t.database.db, { firstName: 'Walter', lastName: 'Quincey' });

    const suggestions = suggestionsOf(await found('name', 'zelda QUINCEY'));
    expect(suggestions.map((row) => row.id)).toEqual([exact.id, prefix.id, swapped.id]);
    expect(suggestions[0]).toMatchObject({ first_name: 'Zelda', last_name: 'Quincey', email: exact.email });
    expect(suggestions.every((row) => row.ssn === null || /^\*\*\*-\*\*-\d{4}$/.test(row.ssn))).toBe(true);
  });

  it('suggests near spellings, closest first, when nothing matches as typed', async () => {
    const close = await createCustomer(t.database.db, { firstName: 'Bartholomew', lastName: 'Featherstone' });
    const further = await createCustomer(t.database.db, { firstName: 'Bart', lastName: 'Featherstone' });
    await createCustomer(t.database.db, { firstName: 'Wilma', lastName: 'Quartermaine' });
    const suggestions = suggestionsOf(await found('name', 'Bartholomew Featherstome'));
    expect(suggestions.map((row) => row.id)).toEqual([close.id, further.id]);
  });

  it('answers at most 20 suggestions', async () => {
    for (let n = 0; n < 23; n += 1) await createCustomer(t.database.db, { firstName: 'Manny', lastName: 'Samename' });
    expect(suggestionsOf(await found('name', 'Manny Samename'))).toHaveLength(20);
  });

  it('answers suggestions when an email or phone belongs to several customers', async () => {
    const a = await createCustomer(t.database.db, { phoneNumber: '5035551111' });
    const b = await createCustomer(t.database.db, { phoneNumber: '5035551111' });
    expect(suggestionsOf(await found('phone', '503-555-1111')).map((row) => row.id)).toEqual([a.id, b.id]);
  });

  it('answers 404 with an errors list when nobody matches, and 400 for a search that cannot match', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['ID', '987654321', 404, 'No customer has ID 987654321.'],
      ['email', 'nobody@example.com', 404, 'No customer has the email nobody@example.com.'],
      ['phone', '(999) 000-0000', 404, 'No customer has the phone number (999) 000-0000.'],
      ['name', 'Xavierina Nobodyhere', 404, 'No customer is named Xavierina Nobodyhere.'],
      ['loan_id', '987654321', 404, 'No loan has ID 987654321.'],
      ['payment_id', '987654321', 404, 'No payment has ID 987654321.'],
      ['ID', 'abc', 400, 'A customer ID is a number, like 1042.'],
      ['phone', '12345', 400, 'A phone search needs the 10 digits of the number.'],
      ['email', 'no-at-sign', 400, 'An email search needs a whole address, like jane@example.com.'],
    ];
    for (const [parameter, text, status, error] of cases) {
      const response = await search(parameter, text);
      expect(response.statusCode, `${parameter}=${text}`).toBe(status);
      expect(response.json()).toEqual({ errors: [error] });
    }
    expect((await search('ssn', '123')).statusCode).toBe(400);
    expect((await search('ID', '   ')).json()).toEqual({ errors: ['Please enter something to search for.'] });
    const missing = await t.app.inject({ method: 'GET', url: '/internal/api/users/search', headers: staff.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.length).toBeGreaterThan(0);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/internal/api/users/search',
      query: { parameter: 'ID', search: '1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('shows the newest ten messages', async () => {
    const customer = await createCustomer(t.database.db);
    const rows = Array.from({ length: 12 }, (_, n) => ({
      customerId: customer.id,
      type: (n % 2 === 0 ? 'text' : 'email') as 'text' | 'email',
      inbound: true,
      body: `message ${n}`,
      status: 'received' as const,
      createdAt: new Date(Date.UTC(2026, 10, 1, 12, n)),
    }));
    await t.database.db.insert(messages).values(rows);
    const { user } = userOf(await found('ID', String(customer.id)));
    expect(user.recent_messages.map((message) => message.body)).toEqual(
      Array.from({ length: 10 }, (_, n) => `message ${11 - n}`),
    );
  });
});
