import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loans } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// GET ticket reads loans with the loans module's rules (one isActiveLoan, one payoff): a denied
// loan is not active even when it carries a funding date, as the account actions already held.

let t: TestApp;
let agent: SignedInStaff;

beforeAll(async () => {
  t = await createTestApp();
  agent = await createSignedInStaff(t.app, t.database.db);
});
afterAll(() => t.close());

describe('GET ticket with a denied loan that has a funding date', () => {
  it('shows it denied, with no payoff balance, and not among the active loans', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan: denied } = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-09-01' });
    const { loan: active } = await createLoan(t.database.db, { customerId: customer.id, fundedOn: '2026-09-01' });
    await t.database.db
      .update(loans)
      .set({ deniedAt: new Date('2026-09-02T17:00:00Z'), denyReason: 'Fraud review' })
      .where(eq(loans.id, denied.id));
    const ticket = await createTicket(t.database.db, { customerId: customer.id, contact: customer.phoneNumber ?? '' });

    const response = await t.app.inject({
      method: 'GET',
      url: '/internal/api/ticket',
      headers: agent.headers,
      query: { id: String(ticket.id), preview: 'true' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.analysis.active_loan).toEqual([active.id]);
    expect(body.loans[String(denied.id)]).toMatchObject({ display_status: 'DENIED', payoff_balance: 0 });
    expect(body.loans[String(active.id)].payoff_balance).toBeGreaterThan(0);
    // The account actions refuse it too, as they always did.
    const quote = await t.app.inject({
      method: 'GET',
      url: '/internal/api/early_repay_balance',
      headers: agent.headers,
      query: { loan_id: String(denied.id), date: '2026-11-23' },
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().errors).toEqual([`Loan ${denied.id} was denied, so it has no balance to repay.`]);
  });
});
