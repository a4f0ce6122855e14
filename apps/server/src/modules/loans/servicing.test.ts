import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bounces, loanComments, loans, messages, payments, statements } from '@portal/db';
import { createCustomer, createLoan, type NewLoan } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import type { StaffSession } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { auditEventsOfEntity } from '../../testing/audit-events.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { WITHOUT_FOUR_EYES } from '../../testing/four-eyes.ts';

// The loans/ calls of the loan card. The test clock stands at Saturday 2026-11-21 in Los Angeles;
// a loan funded 2026-09-01 with six monthly payments, two paid, has its next one due 2026-12-01.

// The refunds and credits here are done at once (four eyes off; approvals.test.ts has them waiting).
const t = useTestApp(WITHOUT_FOUR_EYES);
const agent = useStaffSession(t);
const admin = useStaffSession(t, ['agent', 'payments_admin']);
const adjuster = useStaffSession(t, ['agent', 'loan_adjustments']);

async function aLoan(input: Omit<NewLoan, 'customerId'> = {}) {
  const customer = await createCustomer(t.database.db, {});
  const created = await createLoan(t.database.db, { customerId: customer.id, paidInstallments: 2, ...input });
  return { customer, loan: created.loan, schedule: created.payments };
}

function call(method: 'GET' | 'PATCH' | 'POST', path: string, payload: object, who: StaffSession = agent) {
  return callAsStaff(t.app, who, method, `loans/${path}`, payload);
}

const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const loanRow = async (id: number) => (await t.database.db.select().from(loans).where(eq(loans.id, id)))[0]!;
const loanPayments = (loanId: number) => t.database.db.select().from(payments).where(eq(payments.loanId, loanId));
const sumOpen = (rows: Array<{ invalidAt: Date | null; paidAt: Date | null; expectedAmountCents: number }>) =>
  rows.filter((row) => !row.invalidAt && !row.paidAt).reduce((total, row) => total + row.expectedAmountCents, 0);

describe('PATCH loans/change_payment', () => {
  it('reschedules a due payment and answers the loan as the card shows it', async () => {
    const { loan, schedule } = await aLoan();
    const next = schedule[2]!;
    const response = await call('PATCH', 'change_payment', {
      payment: { id: next.id, action: 'reschedule', date: '2026-12-08' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(`Payment ${next.id} moved from 2026-12-01 to 2026-12-08.`);
    expect(body.loan.id).toBe(loan.id);
    expect(body.loan.payments.find((payment: { id: number }) => payment.id === next.id)).toMatchObject({
      due: '2026-12-08',
      original_due: '2026-12-01',
      lock_version: 1,
    });
  });

  it('refuses to move a paid payment (409, with the loan) and a reschedule without a date (400), writing nothing', async () => {
    const { loan, schedule } = await aLoan();
    const before = await countWrites(t.database.db);
    const paid = await call('PATCH', 'change_payment', {
      payment: { id: schedule[0]!.id, action: 'reschedule', date: '2026-12-08' },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().errors).toEqual([`Payment ${schedule[0]!.id} is already paid, so it cannot be changed.`]);
    const noDate = await call('PATCH', 'change_payment', { payment: { id: schedule[2]!.id, action: 'reschedule' } });
    expect(noDate.json()).toEqual({ errors: ['A reschedule needs the new date.'] });
    const badAction = await call('PATCH', 'change_payment', { payment: { id: schedule[2]!.id, action: 'explode' } });
    expect(badAction.statusCode).toBe(400);
    expect((await call('PATCH', 'change_payment', {})).statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect(loan.id).toBeGreaterThan(0);
  });

  it('keeps a loan with a high-risk return off ACH unless a payments admin switches it', async () => {
    const { loan, schedule } = await aLoan();
    await t.database.db.insert(bounces).values({
      paymentId: schedule[1]!.id,
      loanId: loan.id,
      returnCode: 'R07',
      bouncedOn: '2026-11-03',
      amountCents: 100,
    });
    await t.database.db.update(payments).set({ method: 'debit' }).where(eq(payments.id, schedule[2]!.id));
    const refused = await call('PATCH', 'change_payment', {
      payment: { id: schedule[2]!.id, action: 'toggle_method' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual([
      `Loan ${loan.id} had a R07 return (Authorization Revoked by Customer) on 2026-11-03; only a payments admin can switch its payments back to ACH.`,
    ]);
    expect(refused.json().loan.high_risk_return).toEqual({
      code: 'R07',
      title: 'Authorization Revoked by Customer',
      date: '2026-11-03',
    });
    const allowed = await call(
      'PATCH',
      'change_payment',
      { payment: { id: schedule[2]!.id, action: 'toggle_method' } },
      admin,
    );
    expect(allowed.statusCode).toBe(200);
    expect((await paymentRow(schedule[2]!.id)).method).toBe('ach');
  });

  it('lets only a payments admin invalidate an installment and validate it again', async () => {
    const { schedule } = await aLoan();
    const id = schedule[3]!.id;
    const refused = await call('PATCH', 'change_payment', { payment: { id, action: 'toggle_valid' } });
    expect(refused.statusCode).toBe(403);
    const invalidated = await call('PATCH', 'change_payment', { payment: { id, action: 'toggle_valid' } }, admin);
    expect(invalidated.statusCode).toBe(200);
    expect((await paymentRow(id)).invalidAt).not.toBeNull();
    const validated = await call('PATCH', 'change_payment', { payment: { id, action: 'toggle_valid' } }, admin);
    expect(validated.json().message).toBe(`Payment ${id} counts again (valid).`);
    expect((await paymentRow(id)).invalidAt).toBeNull();
  });

  it('lets anyone invalidate an early repayment when the loan has one payment more than its installments', async () => {
    const { loan } = await aLoan();
    const scheduled = await call('POST', 'create_early_repay', { loan_id: loan.id, date: '2026-12-04' });
    expect(scheduled.statusCode).toBe(200);
    const payoff = scheduled
      .json()
      .loan.payments.find((payment: { type: string }) => payment.type === 'EarlyRepayment');
    const response = await call('PATCH', 'change_payment', { payment: { id: payoff.id, action: 'toggle_valid' } });
    expect(response.statusCode).toBe(200);
    expect((await paymentRow(payoff.id)).invalidAt).not.toBeNull();
  });

  it('refunds a paid, refundable payment once, for staff with the refund permission', async () => {
    const { schedule } = await aLoan();
    const id = schedule[0]!.id;
    expect((await call('PATCH', 'change_payment', { payment: { id, action: 'refund' } })).statusCode).toBe(403);
    const refunded = await call('PATCH', 'change_payment', { payment: { id, action: 'refund' } }, adjuster);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().message).toMatch(/is refunded to the customer's ACH \(bank account\)\.$/);
    expect((await paymentRow(id)).refundedAt).not.toBeNull();
    const again = await call('PATCH', 'change_payment', { payment: { id, action: 'refund' } }, adjuster);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatch(/was already refunded on/);
    const due = await call('PATCH', 'change_payment', { payment: { id: schedule[3]!.id, action: 'refund' } }, adjuster);
    expect(due.json().errors).toEqual([
      `Payment ${schedule[3]!.id} is not paid (it is due), so there is nothing to refund.`,
    ]);
  });

  it('applies exactly one of two changes sent at once from the same screen', async () => {
    const { schedule } = await aLoan();
    const id = schedule[2]!.id;
    const payload = { payment: { id, action: 'toggle_method', lock_version: 0 } };
    const answers = await Promise.all([
      call('PATCH', 'change_payment', payload),
      call('PATCH', 'change_payment', payload),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(loser.errors[0]).toMatch(/was changed by someone else since this screen loaded it/);
    expect(loser.loan.payments.find((payment: { id: number }) => payment.id === id).lock_version).toBe(1);
    expect(await paymentRow(id)).toMatchObject({ method: 'debit', lockVersion: 1 });
    const audited = await auditEventsOfEntity(t.database.db, 'payment', id);
    expect(audited).toHaveLength(1);
  });
});

describe('PATCH loans/split_payment', () => {
  it('moves part of a payment to a new date, conserving the amount to the cent', async () => {
    const { loan, schedule } = await aLoan();
    const next = schedule[2]!;
    const response = await call('PATCH', 'split_payment', {
      loan_id: loan.id,
      payment_id: next.id,
      size: 50.37,
      date: '2026-12-10',
    });
    expect(response.statusCode).toBe(200);
    const rows = await loanPayments(loan.id);
    const created = rows.find((row) => row.due === '2026-12-10')!;
    expect(created.expectedAmountCents).toBe(5037);
    expect((await paymentRow(next.id)).expectedAmountCents + 5037).toBe(next.expectedAmountCents);
  });

  it('warns when the new date is past the next payment, and splits once the warning is accepted', async () => {
    const { loan, schedule } = await aLoan();
    const payload = { loan_id: loan.id, payment_id: schedule[2]!.id, size: 20, date: '2027-01-05' };
    const before = await countWrites(t.database.db);
    const warned = await call('PATCH', 'split_payment', payload);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().errors).toEqual([
      'Warning: the new date 2027-01-05 is after the next payment (2027-01-01). Confirm to split anyway.',
    ]);
    expect(await countWrites(t.database.db)).toEqual(before);
    const accepted = await call('PATCH', 'split_payment', { ...payload, warning_accepted: true });
    expect(accepted.statusCode).toBe(200);
  });

  it('refuses a split as large as the payment, a weekend date, a paid payment and a stale screen', async () => {
    const { loan, schedule } = await aLoan();
    const next = schedule[2]!;
    const base = { loan_id: loan.id, payment_id: next.id, date: '2026-12-10' };
    const whole = await call('PATCH', 'split_payment', { ...base, size: next.expectedAmountCents / 100 });
    expect(whole.statusCode).toBe(422);
    expect((await call('PATCH', 'split_payment', { ...base, size: 10, date: '2026-12-12' })).statusCode).toBe(400);
    expect((await call('PATCH', 'split_payment', { ...base, payment_id: schedule[0]!.id, size: 10 })).statusCode).toBe(
      409,
    );
    const stale = await call('PATCH', 'split_payment', { ...base, size: 10, lock_version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().loan.id).toBe(loan.id);
    expect((await call('PATCH', 'split_payment', { ...base, size: 10, loan_id: loan.id + 1000 })).statusCode).toBe(404);
  });
});

describe('PATCH loans/custom_payments', () => {
  it('replaces the upcoming installments with a schedule that adds up to the same cents', async () => {
    const { loan } = await aLoan();
    const openBefore = sumOpen(await loanPayments(loan.id));
    const response = await call('PATCH', 'custom_payments', {
      loan: loan.id,
      date: '2026-12-04',
      amount: 55.55,
      frequency: 'biweekly',
    });
    expect(response.statusCode).toBe(200);
    const rows = await loanPayments(loan.id);
    const custom = rows.filter((row) => row.type === 'Custom').sort((a, b) => a.due.localeCompare(b.due));
    expect(sumOpen(rows)).toBe(openBefore);
    expect(custom[0]!.due).toBe('2026-12-04');
    expect(custom[1]!.due).toBe('2026-12-18');
    expect(custom.slice(0, -1).every((row) => row.expectedAmountCents === 5555)).toBe(true);
    expect(custom.at(-1)!.expectedAmountCents).toBeLessThanOrEqual(5555);
  });

  it("says 'Loan {id} has no upcoming payments' when nothing is left, and refuses a bad frequency", async () => {
    const { loan } = await aLoan({ state: 'active', paidInstallments: 6 });
    const none = await call('PATCH', 'custom_payments', {
      loan: loan.id,
      date: '2026-12-04',
      amount: 50,
      frequency: 'monthly',
    });
    expect(none.json().errors).toEqual([`Loan ${loan.id} has no upcoming payments`]);
    // A paid-off loan: the spec's sentence first, then why.
    const paidOff = await aLoan({ state: 'paid_off' });
    const done = await call('PATCH', 'custom_payments', {
      loan: paidOff.loan.id,
      date: '2026-12-04',
      amount: 50,
      frequency: 'monthly',
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().errors).toEqual([
      `Loan ${paidOff.loan.id} has no upcoming payments`,
      `Loan ${paidOff.loan.id} is already paid off.`,
    ]);
    const bad = await call('PATCH', 'custom_payments', {
      loan: loan.id,
      date: '2026-12-04',
      amount: 50,
      frequency: 'daily',
    });
    expect(bad.json()).toEqual({ errors: ['The frequency must be monthly, biweekly or weekly.'] });
  });
});

describe('the status buttons', () => {
  it('approves an application once, and refuses to decide it again', async () => {
    const { loan } = await aLoan({ state: 'applied' });
    const approved = await call('POST', 'submit_decision', { loan_id: loan.id, decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().loan).toMatchObject({ display_status: 'Approved - Not Accepted' });
    expect(approved.json().loan.approval_code).toMatch(/^[A-Z2-9]{8}$/);
    const again = await call('POST', 'submit_decision', { loan_id: loan.id, decision: 'deny' });
    expect(again.json().errors).toEqual([`Loan ${loan.id} is already approved.`]);
  });

  it('cancels an unfunded loan but not a funded one', async () => {
    const funded = await aLoan();
    expect((await call('PATCH', 'cancel', { loan_id: funded.loan.id })).json().errors).toEqual([
      `Loan ${funded.loan.id} is funded, so it cannot be cancelled; it can be paid off or settled.`,
    ]);
    const offer = await aLoan({ state: 'approved' });
    const cancelled = await call('PATCH', 'cancel', { loan_id: offer.loan.id });
    expect(cancelled.json().loan.display_status).toBe('CLOSED/CANCELLED');
  });

  it('confirms only a Credit Builder loan', async () => {
    const standard = await aLoan({ state: 'applied' });
    expect((await call('PATCH', 'confirm_cb', { loan_id: standard.loan.id })).statusCode).toBe(409);
    const builder = await aLoan({ state: 'applied', type: 'CreditBuilder' });
    const confirmed = await call('PATCH', 'confirm_cb', { loan_id: builder.loan.id });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().loan.approved).not.toBeNull();
  });

  it("appeals the latest denied loan ('Appeal successful')", async () => {
    const { loan } = await aLoan({ state: 'denied' });
    const response = await call('POST', 'appeal', { loan_id: loan.id });
    expect(response.json().message).toBe('Appeal successful');
    expect(response.json().loan).toMatchObject({ denied: null, display_status: 'APPLIED' });
    expect((await loanRow(loan.id)).appealedAt).not.toBeNull();
  });

  it('clears a fraud alert written in the comments, and says so in a comment', async () => {
    const { loan } = await aLoan({ state: 'applied' });
    await t.database.db
      .insert(loanComments)
      .values({ loanId: loan.id, body: 'FRAUD ALERT: edited statements', createdAt: new Date('2026-11-20T17:00:00Z') });
    const response = await call('PATCH', 'clear_alert', { loan_id: loan.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().loan.fraud_alert).toBe(false);
    expect(response.json().loan.comments[0].body).toMatch(/^Fraud alert cleared by /);
    expect((await call('PATCH', 'clear_alert', { loan_id: loan.id })).statusCode).toBe(409);
  });

  it('emails the denial of an application with three statements, once', async () => {
    const { loan, customer } = await aLoan({ state: 'applied' });
    expect((await call('POST', 'manual_denial_email', { loan_id: loan.id })).statusCode).toBe(409);
    await t.database.db.insert(statements).values(
      ['2026-08-31', '2026-07-31', '2026-06-30'].map((date) => ({
        loanId: loan.id,
        storageKey: `s/${date}`,
        statementDate: date,
      })),
    );
    const sent = await call('POST', 'manual_denial_email', { loan_id: loan.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().loan).toMatchObject({ display_status: 'DENIED' });
    expect(sent.json().loan.denial_sent).not.toBeNull();
    const emails = await t.database.db.select().from(messages).where(eq(messages.customerId, customer.id));
    expect(emails.map((message) => [message.type, message.toAddress])).toEqual([['email', customer.email]]);
    expect((await call('POST', 'manual_denial_email', { loan_id: loan.id })).statusCode).toBe(409);
  });

  it('approves a counter-offer of at most the amount applied for', async () => {
    const { loan } = await aLoan({ state: 'applied', principalCents: 80_000 });
    await t.database.db.insert(statements).values(
      ['2026-08-31', '2026-07-31', '2026-06-30'].map((date) => ({
        loanId: loan.id,
        storageKey: `s/${date}`,
        statementDate: date,
      })),
    );
    expect((await call('POST', 'manual_approval', { loan_id: loan.id, amount: 900 })).statusCode).toBe(422);
    const approved = await call('POST', 'manual_approval', { loan_id: loan.id, amount: 500 });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().loan).toMatchObject({ approved_amt: 500, display_status: 'Approved - Not Accepted' });
  });
});

describe('money off the balance', () => {
  it("asks for a credit amount in the spec's words, and needs the credit permission", async () => {
    const { loan } = await aLoan();
    const missing = await call('POST', 'credit_loan', { loan_id: loan.id }, adjuster);
    expect(missing.json()).toEqual({ errors: ['Please enter a value for credit amount.'] });
    expect((await call('POST', 'credit_loan', { loan_id: loan.id, credit_amount: 10 })).statusCode).toBe(403);
  });

  it('credits a loan: the payoff drops by the credit and the last payment is lowered', async () => {
    const { loan, schedule } = await aLoan();
    const before = await call('GET', 'early_repay_calculate', { loan_id: String(loan.id), date: '2026-12-04' });
    const credited = await call('POST', 'credit_loan', { loan_id: loan.id, credit_amount: 25.5 }, adjuster);
    expect(credited.statusCode).toBe(200);
    const after = await call('GET', 'early_repay_calculate', { loan_id: String(loan.id), date: '2026-12-04' });
    expect(Math.round(before.json().balance * 100) - Math.round(after.json().balance * 100)).toBe(2550);
    expect((await paymentRow(schedule[5]!.id)).expectedAmountCents).toBe(schedule[5]!.expectedAmountCents - 2550);
  });

  it("creates a settlement on a matured loan ('Settlement created') and refuses one below the minimum", async () => {
    const { loan } = await aLoan({ fundedOn: '2026-01-05', installments: 6, paidInstallments: 3 });
    await t.database.db.update(loans).set({ settlementMinCents: 20_000 }).where(eq(loans.id, loan.id));
    expect((await call('PATCH', 'settlement', { settlement: { loan_id: loan.id, amount: 250 } })).statusCode).toBe(403);
    const low = await call('PATCH', 'settlement', { settlement: { loan_id: loan.id, amount: 150 } }, adjuster);
    expect(low.statusCode).toBe(422);
    const created = await call('PATCH', 'settlement', { settlement: { loan_id: loan.id, amount: 250 } }, adjuster);
    expect(created.json().message).toBe('Settlement created');
    const open = (await loanPayments(loan.id)).filter((row) => !row.paidAt && !row.invalidAt);
    expect(open.map((row) => [row.type, row.expectedAmountCents, row.due])).toEqual([
      ['Settlement', 25_000, '2026-11-23'],
    ]);
  });

  it('refuses a settlement before maturity', async () => {
    const { loan } = await aLoan();
    await t.database.db.update(loans).set({ settlementMinCents: 20_000 }).where(eq(loans.id, loan.id));
    const refused = await call('PATCH', 'settlement', { settlement: { loan_id: loan.id, amount: 250 } }, adjuster);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatch(/has not matured yet/);
  });
});

describe('loans/edit_info and loans/history', () => {
  it("refuses an unreadable maturity ('Invalid Entry for field: maturity') and one before a payment unless forced", async () => {
    const { loan } = await aLoan();
    const bad = await call('PATCH', 'edit_info', { loan_id: loan.id, parameter: 'maturity', text: '2027-02-30' });
    expect(bad.json()).toEqual({ errors: ['Invalid Entry for field: maturity'] });
    const early = await call('PATCH', 'edit_info', { loan_id: loan.id, parameter: 'maturity', text: '2027-01-15' });
    expect(early.statusCode).toBe(409);
    const forced = await call('PATCH', 'edit_info', {
      loan_id: loan.id,
      parameter: 'maturity',
      text: '2027-01-15',
      force: true,
    });
    expect(forced.json().loan.maturity).toBe('2027-01-15');
  });

  it('lists every change with who, when, before and after', async () => {
    const { loan, schedule } = await aLoan();
    await call('PATCH', 'change_payment', {
      payment: { id: schedule[2]!.id, action: 'reschedule', date: '2026-12-08' },
    });
    await call('PATCH', 'toggle_ach', { loan_id: loan.id });
    const response = await call('GET', 'history', { loan_id: String(loan.id) });
    expect(response.statusCode).toBe(200);
    const history = response.json().history;
    expect(history.map((entry: { action: string; subject: string }) => [entry.action, entry.subject])).toEqual([
      ['loan.auto_debit_toggled', 'loan'],
      ['payment.rescheduled', `payment ${schedule[2]!.id}`],
    ]);
    expect(history[1]).toMatchObject({ before: { due: '2026-12-01' }, after: { due: '2026-12-08' } });
    expect(history[0].employee).toEqual(expect.any(String));
    expect((await call('GET', 'history', { loan_id: '99999999' })).statusCode).toBe(404);
  });
});

describe('a split of a matured loan', () => {
  it('warns past maturity rather than refusing, so an overdue payment can be split into the weeks ahead', async () => {
    const { loan, schedule } = await aLoan({ fundedOn: '2026-01-05', installments: 6, paidInstallments: 3 });
    const overdue = schedule[3]!;
    const payload = { loan_id: loan.id, payment_id: overdue.id, size: 20, date: '2026-12-08' };
    const warned = await call('PATCH', 'split_payment', payload);
    expect(warned.json().errors[0]).toMatch(/^Warning: .*after the loan matures \(2026-07-05\)/);
    expect((await call('PATCH', 'split_payment', { ...payload, warning_accepted: true })).statusCode).toBe(200);
  });
});
