import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { WITHOUT_FOUR_EYES } from '../../testing/four-eyes.ts';

// What the bureaus are told a customer owes is what the loan card shows, to the cent (FCRA accuracy):
// the payoff, with staff credits taken off. The test clock stands at 2026-11-21 in Los Angeles.

// The refunds and credits here are done at once (four eyes off; approvals.test.ts has them waiting).
const t = useTestApp(WITHOUT_FOUR_EYES);
const staff = useStaffSession(t, ['agent', 'loan_adjustments', 'credit_reporting']);

const inject = (who: StaffSession, method: 'GET' | 'POST', url: string, payload: Record<string, unknown>) =>
  callAsStaff(t.app, who, method, url, payload);

describe('the current balance reported to the bureaus', () => {
  it("is the loan card's payoff balance, staff credits included", async () => {
    const customer = await createCustomer(t.database.db);
    // Funded 2026-09-01, six monthly payments, two paid.
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2 });
    const credited = await inject(staff, 'POST', 'loans/credit_loan', { loan_id: loan.id, credit_amount: 40.25 });
    expect(credited.statusCode).toBe(200);
    const card = credited.json().loan;
    expect(card.amount_credited_to_loan).toBe(40.25);
    expect(card.payoff_balance).toBeGreaterThan(0);

    const lookup = await inject(staff, 'GET', 'fcra_dashboard/fcra_lookup', { loan_id: String(loan.id) });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().report_date).toBe('2026-11-21');
    expect(lookup.json().loan.account.current_balance).toBe(card.payoff_balance);
    // Not the installments still to pay: they hold interest not yet earned.
    const unpaid = await t.database.db.select().from(payments).where(eq(payments.loanId, loan.id));
    const stillToPayCents = unpaid
      .filter((payment) => payment.paidAt === null && payment.invalidAt === null)
      .reduce((sum, payment) => sum + payment.expectedAmountCents, 0);
    expect(stillToPayCents).not.toBe(Math.round(card.payoff_balance * 100));
  });
});
