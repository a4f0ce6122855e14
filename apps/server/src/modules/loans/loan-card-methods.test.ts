import { describe, expect, it } from 'vitest';
import { createCustomer, createLoan } from '@portal/db/testing';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// The loan card offers the payment methods its own customer can be charged by. (The card's read
// once compared the bank account's and card's customer with itself, in a one-table query where
// drizzle names columns bare, so any customer's card made every loan offer debit.)

const t = useTestApp();
const agent = useStaffSession(t);

describe('the loan card', () => {
  it("offers debit only when the loan's own customer has a card that may be charged", async () => {
    await createCustomer(t.database.db, {});
    const customer = await createCustomer(t.database.db, { debitCard: false });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const response = await t.app.inject({
      method: 'GET',
      url: '/internal/api/loans/early_repay_calculate',
      headers: agent.headers,
      query: { loan_id: String(loan.id), date: '2026-12-04' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().loan.eligible_payment_methods).toEqual(['ach']);
  });
});
