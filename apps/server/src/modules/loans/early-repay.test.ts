import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { payoffBalanceCents } from '@portal/contracts';
import { auditEvents, payments } from '@portal/db';
import { createCustomer, createLoan } from '@portal/db/testing';
import { countWrites } from '../../testing/row-counts.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

// The test clock stands at Saturday 2026-11-21, 09:00 in Los Angeles; Monday is 2026-11-23.
const t = useTestApp();
const staff = useStaffSession(t);

// A funded loan (2026-09-01, $1,000, 6 monthly installments from 2026-10-01) with two installments paid.
async function activeLoan(paidInstallments = 2) {
  const customer = await createCustomer(t.database.db);
  return createLoan(t.database.db, { customerId: customer.id, state: 'active', paidInstallments });
}

const post = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/internal/api/early_repay', headers: staff.headers, payload });
const quote = (loanId: number | string, date: string) =>
  t.app.inject({
    method: 'GET',
    url: `/internal/api/early_repay_balance?loan_id=${loanId}&date=${date}`,
    headers: staff.headers,
  });

describe('POST early_repay', () => {
  it('schedules an early repayment of the payoff balance, collected like the next payment, with an audit event', async () => {
    const { loan, payments: schedule } = await activeLoan();
    await t.database.db.update(payments).set({ method: 'debit' }).where(eq(payments.id, schedule[2]!.id));
    const response = await post({ loan_id: loan.id, date: '2026-11-25' });

    // Interest runs from the due date of the last paid installment (2026-11-01) to the payoff date.
    const expected = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3599,
      installmentCount: 6,
      paidInstallments: 2,
      interestFrom: '2026-11-01',
      asOf: '2026-11-25',
    });
    expect(response.statusCode).toBe(200);
    const [created] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), eq(payments.type, 'EarlyRepayment')));
    expect(created).toMatchObject({
      expectedAmountCents: expected,
      due: '2026-11-25',
      originalDue: '2026-11-25',
      method: 'debit',
      userInitiated: false,
      invalidAt: null,
    });
    expect(response.json()).toEqual({
      message: `Early repayment of $${(expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} scheduled for 2026-11-25 on loan ${loan.id} (payment ${created!.id}).`,
    });
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(created!.id)));
    expect(audit.map((event) => [event.action, event.employeeId])).toEqual([
      ['payment.early_repayment_scheduled', staff.employeeId],
    ]);
  });

  it('counts interest from the funding date when nothing is paid yet', async () => {
    const { loan } = await activeLoan(0);
    expect((await post({ loan_id: loan.id, date: '2026-11-23' })).statusCode).toBe(200);
    const [created] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), eq(payments.type, 'EarlyRepayment')));
    expect(created?.expectedAmountCents).toBe(
      payoffBalanceCents({
        principalCents: 100_000,
        aprBasisPoints: 3599,
        installmentCount: 6,
        paidInstallments: 0,
        interestFrom: '2026-09-01',
        asOf: '2026-11-23',
      }),
    );
  });

  it('refuses a second early repayment while one is pending (409), and writes nothing', async () => {
    const { loan } = await activeLoan();
    expect((await post({ loan_id: loan.id, date: '2026-11-24' })).statusCode).toBe(200);
    const before = await countWrites(t.database.db);
    const again = await post({ loan_id: loan.id, date: '2026-11-30' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatch(new RegExp(`^Loan ${loan.id} already has an early repayment`));
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('schedules one early repayment when two arrive at the same moment; the other is refused', async () => {
    const { loan } = await activeLoan();
    const responses = await Promise.all([
      post({ loan_id: loan.id, date: '2026-11-24' }),
      post({ loan_id: loan.id, date: '2026-11-25' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const early = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), eq(payments.type, 'EarlyRepayment')));
    expect(early).toHaveLength(1);
  });

  it('refuses loans that are not active with 409', async () => {
    const customer = await createCustomer(t.database.db);
    const approved = await createLoan(t.database.db, { customerId: customer.id, state: 'approved' });
    const paidOff = await createLoan(t.database.db, { customerId: customer.id, state: 'paid_off' });
    const before = await countWrites(t.database.db);
    const notFunded = await post({ loan_id: approved.loan.id, date: '2026-11-23' });
    const done = await post({ loan_id: paidOff.loan.id, date: '2026-11-23' });
    expect(notFunded.statusCode).toBe(409);
    expect(notFunded.json()).toEqual({
      errors: [`Loan ${approved.loan.id} is not funded yet, so it has no balance to repay.`],
    });
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ errors: [`Loan ${paidOff.loan.id} is already paid off.`] });
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers 400 for a weekend, a past date, a date after maturity, a date not on the calendar or a bad loan id; 404 for an unknown loan', async () => {
    const { loan } = await activeLoan();
    const before = await countWrites(t.database.db);
    const cases: Array<[object, number, RegExp]> = [
      [{ loan_id: loan.id, date: '2026-11-28' }, 400, /falls on a weekend/],
      [{ loan_id: loan.id, date: '2026-11-20' }, 400, /is in the past; the earliest date is today, 2026-11-21\./],
      [{ loan_id: loan.id, date: '2027-03-02' }, 400, /after loan \d+ matures on 2027-03-01/],
      [{ loan_id: loan.id, date: '2026-11-31' }, 400, /not a date on the calendar/],
      [{ loan_id: loan.id, date: '11/30/2026' }, 400, /Dates are written YYYY-MM-DD\./],
      [{ loan_id: 'abc', date: '2026-11-30' }, 400, /An id must be a number\./],
      [{ loan_id: 99_999_999, date: '2026-11-30' }, 404, /^Loan 99999999 was not found\.$/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().errors[0]).toMatch(message);
    }
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const { loan } = await activeLoan();
    const response = await t.app.inject({
      method: 'POST',
      url: '/internal/api/early_repay',
      payload: { loan_id: loan.id, date: '2026-11-23' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET early_repay_balance', () => {
  it('answers the payoff balance in dollars for the date', async () => {
    const { loan } = await activeLoan();
    const response = await quote(loan.id, '2026-12-04');
    const cents = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3599,
      installmentCount: 6,
      paidInstallments: 2,
      interestFrom: '2026-11-01',
      asOf: '2026-12-04',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ loan_id: loan.id, date: '2026-12-04', balance: cents / 100 });
  });

  it('refuses a weekend (400), an inactive loan (409) and an unknown loan (404)', async () => {
    const { loan } = await activeLoan();
    const customer = await createCustomer(t.database.db);
    const denied = await createLoan(t.database.db, { customerId: customer.id, state: 'denied' });
    expect((await quote(loan.id, '2026-12-05')).statusCode).toBe(400);
    expect((await quote(denied.loan.id, '2026-12-04')).json()).toEqual({
      errors: [`Loan ${denied.loan.id} was denied, so it has no balance to repay.`],
    });
    expect((await quote(99_999_998, '2026-12-04')).statusCode).toBe(404);
  });
});

describe('DELETE early_repay', () => {
  const cancel = (pmtId: number | string, via: 'body' | 'query' = 'body') =>
    via === 'body'
      ? t.app.inject({
          method: 'DELETE',
          url: '/internal/api/early_repay',
          headers: staff.headers,
          payload: { pmt_id: pmtId },
        })
      : t.app.inject({ method: 'DELETE', url: `/internal/api/early_repay?pmt_id=${pmtId}`, headers: staff.headers });

  async function scheduled() {
    const { loan, payments: schedule } = await activeLoan();
    await post({ loan_id: loan.id, date: '2026-11-24' });
    const [early] = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.loanId, loan.id), eq(payments.type, 'EarlyRepayment')));
    return { loan, early: early!, schedule };
  }

  it('cancels a pending early repayment (invalid now), by body or by query, and then allows a new one', async () => {
    const { loan, early } = await scheduled();
    const response = await cancel(early.id, 'query');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(
      new RegExp(`^Early repayment ${early.id} of \\$[\\d,.]+ due 2026-11-24 is cancelled\\.$`),
    );
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, early.id));
    expect(after?.invalidAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await post({ loan_id: loan.id, date: '2026-11-25' })).statusCode).toBe(200);

    const second = await scheduled();
    expect((await cancel(second.early.id, 'body')).statusCode).toBe(200);
  });

  it('refuses a payment that is not an early repayment, already cancelled, processing or paid (409); unknown is 404', async () => {
    const { early, schedule } = await scheduled();
    const before = await countWrites(t.database.db);
    expect((await cancel(schedule[3]!.id)).json()).toEqual({
      errors: [`Payment ${schedule[3]!.id} is not an early repayment.`],
    });
    expect(await countWrites(t.database.db)).toEqual(before);

    await t.database.db.update(payments).set({ processingAt: new Date() }).where(eq(payments.id, early.id));
    expect((await cancel(early.id)).json()).toEqual({
      errors: [`Early repayment ${early.id} is being processed, so it cannot be cancelled.`],
    });
    await t.database.db
      .update(payments)
      .set({ processingAt: null, paidAt: new Date() })
      .where(eq(payments.id, early.id));
    expect((await cancel(early.id)).statusCode).toBe(409);

    const other = await scheduled();
    expect((await cancel(other.early.id)).statusCode).toBe(200);
    const again = await cancel(other.early.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [`Early repayment ${other.early.id} is already cancelled.`] });
    expect((await cancel(99_999_997)).statusCode).toBe(404);
    expect((await cancel('x')).statusCode).toBe(400);
    const auditAfter = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(early.id)));
    expect(auditAfter.map((event) => event.action)).toEqual(['payment.early_repayment_scheduled']);
  });
});
