import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bounces, debitCards, payments } from '@portal/db';
import type { NewCustomer } from '@portal/db/testing';
import { createActiveLoan } from '../../testing/loan-helpers.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { signInAsStaff } from '../../testing/staff-session.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';
import { callAsStaff } from '../../testing/staff-helpers.ts';
import { auditEventsOfEntity } from '../../testing/audit-events.ts';
import { expectErrors } from '../../testing/error-answers.ts';

// The test clock stands at Saturday 2026-11-21 in Los Angeles.
const t = useTestApp();
const staff = useStaffSession(t);

// A funded loan of 6 monthly payments from 2026-10-01; the first two paid.
const activeLoan = (customer: NewCustomer = {}) => createActiveLoan(t.database.db, customer);

const patch = (path: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/internal/api/${path}`, headers: staff.headers, payload });
const paymentRow = async (id: number) => (await t.database.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const auditOf = (id: number) => auditEventsOfEntity(t.database.db, 'payment', id);

describe('PATCH payment_date', () => {
  it('moves an unpaid payment to a later weekday and keeps its original due date', async () => {
    const { next } = await activeLoan();
    const response = await patch('payment_date', { pmt_id: next.id, date: '2026-12-08' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `Payment ${next.id} moved from 2026-12-01 to 2026-12-08.` });
    expect(await paymentRow(next.id)).toMatchObject({ due: '2026-12-08', originalDue: '2026-12-01' });
    expect((await auditOf(next.id)).map((event) => [event.action, event.before, event.after])).toEqual([
      ['payment.rescheduled', { due: '2026-12-01' }, { due: '2026-12-08' }],
    ]);
  });

  it('takes "today" in the business time zone: late Monday evening in Los Angeles is already Tuesday in UTC', async () => {
    const { next } = await activeLoan();
    t.clock.set(new Date('2026-11-24T05:00:00Z'));
    try {
      const evening = await signInAsStaff(t.app, t.database.db);
      const response = await callAsStaff(t.app, evening, 'PATCH', 'payment_date', {
        pmt_id: next.id,
        date: '2026-11-23',
      });
      expect(response.statusCode).toBe(200);
    } finally {
      t.clock.set(new Date('2026-11-21T17:00:00Z'));
    }
  });

  it('refuses paid, processing and cancelled payments (409), weekends and past dates (400), unknown payments (404)', async () => {
    const { paid, next, schedule } = await activeLoan();
    const processing = schedule[3]!;
    const invalid = schedule[4]!;
    await t.database.db.update(payments).set({ processingAt: new Date() }).where(eq(payments.id, processing.id));
    await t.database.db.update(payments).set({ invalidAt: new Date() }).where(eq(payments.id, invalid.id));
    const before = await countWrites(t.database.db);

    expect((await patch('payment_date', { pmt_id: paid.id, date: '2026-12-08' })).json()).toMatchObject({
      errors: [`Payment ${paid.id} is already paid, so it cannot be changed.`],
    });
    expect((await patch('payment_date', { pmt_id: processing.id, date: '2026-12-08' })).json()).toMatchObject({
      errors: [`Payment ${processing.id} is being processed, so it cannot be changed.`],
    });
    expect((await patch('payment_date', { pmt_id: invalid.id, date: '2026-12-08' })).statusCode).toBe(409);
    expect((await patch('payment_date', { pmt_id: next.id, date: '2026-12-05' })).statusCode).toBe(400);
    expect((await patch('payment_date', { pmt_id: next.id, date: '2026-11-20' })).statusCode).toBe(400);
    expect((await patch('payment_date', { pmt_id: next.id })).statusCode).toBe(400);
    expect((await patch('payment_date', { pmt_id: 99_999_999, date: '2026-12-08' })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(next.id)).due).toBe('2026-12-01');
  });
});

describe('how far out a payment may go', () => {
  it('refuses a date more than a year out, or more than the grace past maturity, and writes nothing', async () => {
    const { loan, next } = await activeLoan();
    expect(loan.maturity).toBe('2027-03-01');
    const before = await countWrites(t.database.db);

    const farOut = await patch('payment_date', { pmt_id: next.id, date: '9999-12-31' });
    expectErrors(farOut, 400, ['9999-12-31 is more than a year out; the latest date is 2027-11-21.']);
    const pastGrace = await patch('payment_date', { pmt_id: next.id, date: '2027-04-01' });
    expect(pastGrace.statusCode).toBe(400);
    expect(pastGrace.json()).toMatchObject({
      errors: [
        `2027-04-01 is too late: loan ${loan.id} matures on 2027-03-01, and a payment may be moved at most 30 days past that, to 2027-03-31.`,
      ],
    });
    const earlyRepay = await callAsStaff(t.app, staff, 'POST', 'early_repay', { loan_id: loan.id, date: '9999-12-31' });
    expect(earlyRepay.statusCode).toBe(400);
    const quote = await callAsStaff(t.app, staff, 'GET', `early_repay_balance?loan_id=${loan.id}&date=9999-12-31`);
    expect(quote.statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(next.id)).due).toBe('2026-12-01');

    // Within the grace after maturity is fine.
    expect((await patch('payment_date', { pmt_id: next.id, date: '2027-03-31' })).statusCode).toBe(200);
  });
});

describe('PATCH toggle_payment_method', () => {
  it('switches ach to debit and back when the customer has both on file', async () => {
    const { next } = await activeLoan();
    const toDebit = await patch('toggle_payment_method', { pmt_id: next.id });
    expect(toDebit.statusCode).toBe(200);
    expect(toDebit.json()).toEqual({
      message: `Payment ${next.id} will be collected by debit card instead of ACH (bank account).`,
    });
    expect((await paymentRow(next.id)).method).toBe('debit');
    expect((await patch('toggle_payment_method', { pmt_id: next.id })).statusCode).toBe(200);
    expect((await paymentRow(next.id)).method).toBe('ach');
    expect((await auditOf(next.id)).map((event) => event.after)).toEqual([{ method: 'debit' }, { method: 'ach' }]);
  });

  it('refuses a method the customer cannot pay with (409): no card, a DNP card, no bank account', async () => {
    const noCard = await activeLoan({ debitCard: false });
    const dnpCard = await activeLoan();
    await t.database.db.update(debitCards).set({ dnp: true }).where(eq(debitCards.customerId, dnpCard.customer.id));
    const noBank = await activeLoan({ bankAccount: false });
    await t.database.db.update(payments).set({ method: 'debit' }).where(eq(payments.id, noBank.next.id));
    const before = await countWrites(t.database.db);

    expect((await patch('toggle_payment_method', { pmt_id: noCard.next.id })).json()).toMatchObject({
      errors: ['The customer has no debit card on file.'],
    });
    expect((await patch('toggle_payment_method', { pmt_id: dnpCard.next.id })).json()).toMatchObject({
      errors: ["The customer's debit card is marked do not pull (DNP)."],
    });
    expect((await patch('toggle_payment_method', { pmt_id: noBank.next.id })).json()).toMatchObject({
      errors: ['The customer has no bank account on file.'],
    });
    expect((await patch('toggle_payment_method', { pmt_id: noCard.paid.id })).statusCode).toBe(409);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(noCard.next.id)).method).toBe('ach');
  });
});

describe('PATCH smaller_payment', () => {
  it('makes the payment smaller and adds the difference to the next unpaid installment', async () => {
    const { next, schedule } = await activeLoan();
    const following = schedule[3]!;
    const response = await patch('smaller_payment', { pmt_id: next.id, amt: 50 });
    const difference = next.expectedAmountCents - 5000;
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      `Payment ${next.id} is now $50.00; the remaining $${(difference / 100).toFixed(2)} was added to payment ${following.id} due 2027-01-01.`,
    );
    expect((await paymentRow(next.id)).expectedAmountCents).toBe(5000);
    expect((await paymentRow(following.id)).expectedAmountCents).toBe(following.expectedAmountCents + difference);
  });

  it('adds a new installment a month after the last one (on a weekday) when no unpaid installment follows', async () => {
    const { loan, schedule } = await activeLoan();
    const last = schedule[5]!;
    // 2027-03-01 + 1 month = 2027-04-01, a Thursday.
    const response = await patch('smaller_payment', { pmt_id: last.id, amt: 25 });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(payments).where(eq(payments.loanId, loan.id)).orderBy(payments.id);
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatchObject({
      type: 'Installment',
      due: '2027-04-01',
      originalDue: '2027-04-01',
      expectedAmountCents: last.expectedAmountCents - 2500,
      method: 'ach',
    });
  });

  it("answers the spec's 400 below $25, 400 for an amount not smaller, 409 for a paid payment, and writes nothing", async () => {
    const { paid, next } = await activeLoan();
    const before = await countWrites(t.database.db);
    const tooSmall = await patch('smaller_payment', { pmt_id: next.id, amt: 24.99 });
    expectErrors(tooSmall, 400, ['Please enter an amount larger than $25']);
    const notSmaller = await patch('smaller_payment', { pmt_id: next.id, amt: next.expectedAmountCents / 100 });
    expect(notSmaller.statusCode).toBe(400);
    expect(notSmaller.json().errors[0]).toMatch(/^The new amount must be less than the payment's current amount of \$/);
    expect((await patch('smaller_payment', { pmt_id: paid.id, amt: 30 })).statusCode).toBe(409);
    expect((await patch('smaller_payment', { pmt_id: next.id, amt: 30.123 })).statusCode).toBe(400);
    expect((await patch('smaller_payment', { pmt_id: next.id, amt: -5 })).statusCode).toBe(400);
    expect((await patch('smaller_payment', { pmt_id: 99_999_999, amt: 30 })).statusCode).toBe(404);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(next.id)).expectedAmountCents).toBe(next.expectedAmountCents);
  });
});

describe('PATCH credit_bounce_fee', () => {
  it('sets the bounce fee to 0 and marks its bounces fee waived', async () => {
    const { loan, next } = await activeLoan();
    await t.database.db.update(payments).set({ bounceFeeCents: 1500 }).where(eq(payments.id, next.id));
    await t.database.db.insert(bounces).values({
      paymentId: next.id,
      loanId: loan.id,
      returnCode: 'R01',
      bouncedOn: '2026-11-03',
      amountCents: next.expectedAmountCents,
      feeCents: 1500,
    });
    const response = await patch('credit_bounce_fee', { pmt_id: next.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: `The $15.00 bounce fee on payment ${next.id} was credited.` });
    expect((await paymentRow(next.id)).bounceFeeCents).toBe(0);
    expect(
      (await t.database.db.select().from(bounces).where(eq(bounces.paymentId, next.id))).map(
        (bounce) => bounce.feeWaived,
      ),
    ).toEqual([true]);
  });

  it('refuses a payment without a bounce fee, or a paid one (409)', async () => {
    const { paid, next } = await activeLoan();
    await t.database.db.update(payments).set({ bounceFeeCents: 1500 }).where(eq(payments.id, paid.id));
    const before = await countWrites(t.database.db);
    expect((await patch('credit_bounce_fee', { pmt_id: next.id })).json()).toMatchObject({
      errors: [`Payment ${next.id} has no bounce fee to credit.`],
    });
    expect((await patch('credit_bounce_fee', { pmt_id: paid.id })).statusCode).toBe(409);
    expect(await countWrites(t.database.db)).toEqual(before);
    expect((await paymentRow(paid.id)).bounceFeeCents).toBe(1500);
  });
});
