import { describe, expect, it } from 'vitest';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp();
const agent = useSignedInStaff(t, { name: 'Alex Agent' });

const get = (path: 'user_info' | 'loan_info', query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/internal/api/${path}`, headers: agent.headers, query });

describe('GET user_info and GET loan_info (by ticket id)', () => {
  it("answer the ticket's customer and loans as GET ticket carries them, and take no lease", async () => {
    const customer = await createCustomer(t.database.db, { firstName: 'Rosa', lastName: 'Diaz' });
    const { loan } = await createLoan(t.database.db, {
      customerId: customer.id,
      fundedOn: '2026-09-01',
      paidInstallments: 1,
    });
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber ?? '' });

    const user = await get('user_info', { id: String(ticket.id) });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({
      id: customer.id,
      first_name: 'Rosa',
      last_name: 'Diaz',
      email: customer.email,
    });
    expect(user.json().bank_account.account_last4).toHaveLength(4);

    const loans = await get('loan_info', { id: String(ticket.id) });
    expect(loans.statusCode).toBe(200);
    const info = loans.json().loans[String(loan.id)];
    expect(info).toMatchObject({ id: loan.id, display_status: 'ACTIVE', installment_num: 6 });
    expect(info.payments).toHaveLength(6);
    expect(info.payments[0].state).toBe('paid');

    const detail = await t.app.inject({
      method: 'GET',
      url: '/internal/api/ticket',
      headers: agent.headers,
      query: { id: String(ticket.id), preview: 'true' },
    });
    expect(detail.json().assigned_to).toBeNull();
    expect(detail.json().loans[String(loan.id)]).toEqual(info);
  });

  it('answer 409 for a ticket not linked to a customer, 404 for an unknown ticket, 400 for a bad id', async () => {
    const unlinked = await createTicket(t.database.db, { contact: '5550009999' });
    const noCustomer = await get('user_info', { id: String(unlinked.id) });
    expect(noCustomer.statusCode).toBe(409);
    expect(noCustomer.json().errors[0]).toMatch(/not linked to a customer/);
    expect((await get('loan_info', { id: '999999' })).statusCode).toBe(404);
    expect((await get('loan_info', { id: 'abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/internal/api/user_info', query: { id: '1' } })).statusCode).toBe(
      401,
    );
  });
});
