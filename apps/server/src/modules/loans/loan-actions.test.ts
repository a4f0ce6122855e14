import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEvents, loans } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

const t = useTestApp();
const staff = useStaffSession(t);

const patch = (path: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/internal/api/${path}`, headers: staff.headers, payload });
const loanRow = async (id: number) => (await t.database.db.select().from(loans).where(eq(loans.id, id)))[0]!;

// A refusal also answers the loan as it stands (loans/ calls share these rules), beside the errors.
describe('PATCH reopen_approval', () => {
  it("reopens the customer's latest approved loan that was closed before funding", async () => {
    const customer = await createCustomer(t.database.db);
    await createLoan(t.database.db, { customerId: customer.id, state: 'paid_off', fundedOn: '2025-01-02' });
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'closed' });
    const response = await patch('reopen_approval', { loan_id: loan.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: `Loan ${loan.id} is reopened: the customer can accept the approved offer again.`,
    });
    expect((await loanRow(loan.id)).closedAt).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'loan.approval_reopened'));
    expect(audit).toMatchObject({ employeeId: staff.employeeId, entityId: String(loan.id), after: { closedAt: null } });
  });

  it('refuses an older loan, one that is not closed, a funded, a denied or a never-approved loan (409)', async () => {
    const customer = await createCustomer(t.database.db);
    const older = await createLoan(t.database.db, { customerId: customer.id, state: 'closed', fundedOn: '2025-01-02' });
    const latest = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const funded = await createLoan(t.database.db, {
      customerId: (await createCustomer(t.database.db)).id,
      state: 'active',
    });
    await t.database.db.update(loans).set({ closedAt: new Date() }).where(eq(loans.id, funded.loan.id));
    const denied = await createLoan(t.database.db, {
      customerId: (await createCustomer(t.database.db)).id,
      state: 'denied',
    });
    const before = await countWrites(t.database.db);

    expect((await patch('reopen_approval', { loan_id: older.loan.id })).json()).toMatchObject({
      errors: [`Only the customer's latest loan can be reopened; loan ${latest.loan.id} is newer.`],
    });
    expect((await patch('reopen_approval', { loan_id: latest.loan.id })).json()).toMatchObject({
      errors: [`Loan ${latest.loan.id} is not closed, so there is nothing to reopen.`],
    });
    expect((await patch('reopen_approval', { loan_id: funded.loan.id })).json()).toMatchObject({
      errors: [`Loan ${funded.loan.id} is already funded, so there is nothing to reopen.`],
    });
    expect((await patch('reopen_approval', { loan_id: denied.loan.id })).statusCode).toBe(409);
    expect((await patch('reopen_approval', { loan_id: 99_999_999 })).statusCode).toBe(404);
    expect((await patch('reopen_approval', {})).statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await loanRow(older.loan.id)).closedAt).not.toBeNull();
  });
});

describe('PATCH toggle_ach', () => {
  it('turns automatic payments off and on again on an approved loan', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const off = await patch('toggle_ach', { loan_id: loan.id });
    expect(off.json()).toEqual({ message: `Automatic payments (ACH) are now OFF for loan ${loan.id}.` });
    expect((await loanRow(loan.id)).autoDebit).toBe(false);
    const on = await patch('toggle_ach', { loan_id: loan.id });
    expect(on.json()).toEqual({ message: `Automatic payments (ACH) are now ON for loan ${loan.id}.` });
    expect((await loanRow(loan.id)).autoDebit).toBe(true);
  });

  it('refuses a loan that is not approved (409) and an unknown one (404)', async () => {
    const customer = await createCustomer(t.database.db);
    const { loan } = await createLoan(t.database.db, { customerId: customer.id, state: 'applied' });
    const before = await countWrites(t.database.db);
    expect((await patch('toggle_ach', { loan_id: loan.id })).json()).toMatchObject({
      errors: [`Loan ${loan.id} is not approved, so it has no automatic payments to turn on or off.`],
    });
    expect((await patch('toggle_ach', { loan_id: 99_999_999 })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await loanRow(loan.id)).autoDebit).toBe(true);
  });
});
