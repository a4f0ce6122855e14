import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loans } from '@portal/db';
import { createCustomer, createLoan, createTicket } from '@portal/db/testing';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { useSignedInStaff, useTestApp } from '../../testing/use-test-app.ts';

// GET ticket reads loans with the loans module's rules (one isActiveLoan, one payoff): a denied
// loan is not active even when it carries a funding date, as the account actions already held.

const t = useTestApp();
const agent = useSignedInStaff(t);

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

    const response = await callAsStaff(t.app, agent, 'GET', 'ticket', { id: String(ticket.id), preview: 'true' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.analysis.active_loan).toEqual([active.id]);
    expect(body.loans[String(denied.id)]).toMatchObject({ display_status: 'DENIED', payoff_balance: 0 });
    expect(body.loans[String(active.id)].payoff_balance).toBeGreaterThan(0);
    // The account actions refuse it too, as they always did.
    const quote = await callAsStaff(t.app, agent, 'GET', 'early_repay_balance', {
      loan_id: String(denied.id),
      date: '2026-11-23',
    });
    expect(quote.statusCode).toBe(409);
    expect(quote.json().errors).toEqual([`Loan ${denied.id} was denied, so it has no balance to repay.`]);
  });
});
