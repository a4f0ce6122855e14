import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseApprovalThresholds, permissionRefusal } from '@portal/contracts';
import { achEntries, approvals, customers, loans, payments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { auditEventsOf } from '../../testing/audit-events.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// Four eyes (issue 41, decision 069): by default every refund and loan credit waits for a second
// employee with the approver role; here settlements over $500 and SSN changes wait too. The test
// clock stands at Saturday 2026-11-21, 9:00 in Los Angeles; approvals expire after 72 hours.

const t = useTestApp({
  approvals: {
    thresholds: parseApprovalThresholds('refund=0,credit=0,settlement=500,ssn_change=on')!,
    expiryHours: 72,
  },
});
const agent = useStaffSession(t);
const maker = useStaffSession(t, ['agent', 'loan_adjustments', 'ssn_editor']);
const approver = useStaffSession(t, ['agent', 'approver']);
const secondApprover = useStaffSession(t, ['agent', 'approver']);
const makerAndApprover = useStaffSession(t, ['agent', 'loan_adjustments', 'approver']);
const payments_admin = useStaffSession(t, ['agent', 'payments_admin']);
const db = () => t.database.db;

async function aLoan() {
  const customer = await createCustomer(db(), {});
  const { loan, payments: schedule } = await createLoan(db(), { customerId: customer.id, paidInstallments: 2 });
  // The paid installment of November may be refunded (the processor still takes it).
  await db().update(payments).set({ refundable: true }).where(eq(payments.id, schedule[1]!.id));
  return { customer, loan, schedule, paid: schedule[1]! };
}

const refund = (paymentId: number, who: StaffSession = maker) =>
  callAsStaff(t.app, who, 'PATCH', 'loans/change_payment', { payment: { id: paymentId, action: 'refund' } });
const inbox = (who: StaffSession = approver) => callAsStaff(t.app, who, 'GET', 'approvals');
const approve = (id: number, who: StaffSession = approver) =>
  callAsStaff(t.app, who, 'POST', `approvals/${id}/approve`);
const reject = (id: number, note: unknown, who: StaffSession = approver) =>
  callAsStaff(t.app, who, 'POST', `approvals/${id}/reject`, { note });
const paymentRow = async (id: number) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
const approvalOf = async (entityId: number) =>
  (
    await db()
      .select()
      .from(approvals)
      .where(eq(approvals.entityId, String(entityId)))
  ).at(-1)!;

describe('a refund over its threshold', () => {
  it('waits for a second employee: nothing is refunded, and the loan card and the inbox show it', async () => {
    const { loan, paid } = await aLoan();
    const asked = await refund(paid.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      `Refund of payment ${paid.id} ($${(paid.expectedAmountCents / 100).toFixed(2)}) is awaiting approval: a second employee with the approver role decides it in Approvals (it expires on Nov 24, 2026 if nobody does).`,
    );
    expect((await paymentRow(paid.id)).refundedAt).toBeNull();
    expect(asked.json().loan.pending_approvals).toEqual([
      expect.objectContaining({
        action: 'refund',
        made_by: expect.any(String),
        expires_at: '2026-11-24T17:00:00.000Z',
      }),
    ]);
    const listed = (await inbox()).json();
    const mine = listed.approvals.find((row: { loan_id: number }) => row.loan_id === loan.id);
    expect(mine).toMatchObject({
      action: 'refund',
      status: 'pending',
      made_by_id: maker.employeeId,
      amount: paid.expectedAmountCents / 100,
    });
    expect(listed.pending_count).toBeGreaterThanOrEqual(1);
    expect(await auditEventsOf(db(), 'approval.requested', mine.id)).toHaveLength(1);

    // Asked again while it waits: refused, and nothing more waits.
    const again = await refund(paid.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatch(
      new RegExp(`^Refund of payment ${paid.id} is already awaiting approval \\(asked by .+\\)`),
    );
  });

  it('is never decided by its maker, even one who holds the approver role', async () => {
    const { paid } = await aLoan();
    await refund(paid.id, makerAndApprover);
    const { id } = await approvalOf(paid.id);
    const before = await countWrites(db());
    const own = await approve(id, makerAndApprover);
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0]).toMatch(
      /^You asked for this action \(Refund of payment \d+ .*\), so a second employee must decide it\.$/,
    );
    expect(await countWrites(db())).toEqual(before);
  });

  it('is carried out once a second employee approves it, audited, and the next ACH file credits it', async () => {
    const { paid } = await aLoan();
    await refund(paid.id);
    const { id } = await approvalOf(paid.id);
    const approved = await approve(id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toMatch(
      new RegExp(
        `^Approved: Payment ${paid.id} of \\$[\\d.]+ is refunded to the customer's ACH \\(bank account\\)\\.$`,
      ),
    );
    expect(approved.json().approval).toMatchObject({ status: 'approved', decided_by: expect.any(String) });
    expect((await paymentRow(paid.id)).refundedAt).not.toBeNull();
    expect(await auditEventsOf(db(), 'approval.approved', id)).toMatchObject([{ employeeId: approver.employeeId }]);
    expect(await auditEventsOf(db(), 'payment.refunded', paid.id)).toHaveLength(1);
    // Decided once: a second decision is refused.
    expect((await approve(id, secondApprover)).json().errors).toEqual([
      expect.stringMatching(/^Refund of payment \d+ \(.+\) was already approved by .+\.$/),
    ]);

    const file = await callAsStaff(t.app, payments_admin, 'POST', 'ach/files');
    expect(file.statusCode, file.body).toBe(200);
    const credits = await db().select().from(achEntries).where(eq(achEntries.paymentId, paid.id));
    expect(credits).toMatchObject([{ kind: 'credit', amountCents: paid.expectedAmountCents }]);
  });

  it('changes nothing when rejected, which needs a reason', async () => {
    const { paid } = await aLoan();
    await refund(paid.id);
    const { id } = await approvalOf(paid.id);
    expect((await reject(id, '')).statusCode).toBe(400);
    const rejected = await reject(id, 'The customer withdrew the request.');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().message).toMatch(/^Rejected: Refund of payment \d+ \(.+\)\. Nothing was changed\.$/);
    expect((await paymentRow(paid.id)).refundedAt).toBeNull();
    expect(await auditEventsOf(db(), 'approval.rejected', id)).toMatchObject([
      { after: expect.objectContaining({ note: 'The customer withdrew the request.' }) },
    ]);
  });

  it('expires after its time, audited, and may then be asked again', async () => {
    const { paid } = await aLoan();
    await refund(paid.id);
    const { id } = await approvalOf(paid.id);
    // Its 72 hours run out (the row's deadline moved, so the staff sessions stay signed in).
    await db()
      .update(approvals)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(approvals.id, id));
    expect((await inbox()).json().approvals.map((row: { id: number }) => row.id)).not.toContain(id);
    const late = await approve(id);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toMatch(
      / expired on .* without a decision; ask for it again if it is still needed\.$/,
    );
    expect(await auditEventsOf(db(), 'approval.expired', id)).toHaveLength(1);
    expect((await refund(paid.id)).statusCode).toBe(200);
    expect((await paymentRow(paid.id)).refundedAt).toBeNull();
  });

  it('stays waiting when it can no longer be done, saying why', async () => {
    const { paid } = await aLoan();
    await refund(paid.id);
    const { id } = await approvalOf(paid.id);
    await db().update(payments).set({ refundable: false }).where(eq(payments.id, paid.id));
    const refused = await approve(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      `Payment ${paid.id} can no longer be refunded: the processor no longer accepts a refund for it.`,
    ]);
    expect((await approvalOf(paid.id)).status).toBe('pending');
  });

  it('is decided once when ten approvers press at once', async () => {
    const { paid } = await aLoan();
    await refund(paid.id);
    const { id } = await approvalOf(paid.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => approve(id, index % 2 === 0 ? approver : secondApprover)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode !== 200).every((answer) => answer.statusCode === 409)).toBe(
      true,
    );
    expect(await auditEventsOf(db(), 'payment.refunded', paid.id)).toHaveLength(1);
  });
});

describe('the other actions', () => {
  it('holds a loan credit, then credits it once approved', async () => {
    const { loan } = await aLoan();
    const asked = await callAsStaff(t.app, maker, 'POST', 'loans/credit_loan', { loan_id: loan.id, credit_amount: 25 });
    expect(asked.json().message).toMatch(
      new RegExp(`^Loan credit of loan ${loan.id} \\(\\$25\\.00\\) is awaiting approval`),
    );
    expect((await db().select().from(loans).where(eq(loans.id, loan.id)))[0]!.amountCreditedCents).toBe(0);
    const { id } = await approvalOf(loan.id);
    const approved = await approve(id);
    expect(approved.json().message).toMatch(new RegExp(`^Approved: Credited \\$25\\.00 to loan ${loan.id};`));
    expect((await db().select().from(loans).where(eq(loans.id, loan.id)))[0]!.amountCreditedCents).toBe(2500);
  });

  it('holds an SSN change with the new number sealed, and writes it once approved', async () => {
    const customer = await createCustomer(db(), {});
    const asked = await callAsStaff(t.app, maker, 'POST', 'users/update_ssn', {
      user_id: customer.id,
      ssn: '219-09-9999',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toMatch(
      new RegExp(`^SSN change of customer ${customer.id} to one ending 9999 is awaiting approval`),
    );
    const waiting = await approvalOf(customer.id);
    expect(JSON.stringify(waiting.payload)).not.toContain('219099999');
    expect((await db().select().from(customers).where(eq(customers.id, customer.id)))[0]!.ssnLast4).not.toBe('9999');
    const approved = await approve(waiting.id);
    expect(approved.json().message).toBe(`Approved: SSN updated for customer ${customer.id} (ending 9999).`);
    expect((await db().select().from(customers).where(eq(customers.id, customer.id)))[0]!.ssnLast4).toBe('9999');
  });
});

describe('the inbox', () => {
  it('is for approvers only', async () => {
    expect((await inbox(agent)).statusCode).toBe(403);
    expect((await inbox(agent)).json().errors).toEqual([permissionRefusal('approvals.decide')]);
    expect((await approve(1, maker)).statusCode).toBe(403);
  });

  it('answers 404 for an approval that does not exist', async () => {
    expect((await approve(987_654)).json().errors).toEqual(['Approval 987654 was not found.']);
  });
});
