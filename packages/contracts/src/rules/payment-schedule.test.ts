import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PAYMENT_FREQUENCIES } from '../constants.ts';
import { isWeekday } from './payment-calendar.ts';
import { customSchedule, scheduleAmountsCents, scheduleDueDate, splitPaymentCents } from './payment-schedule.ts';

const cents = fc.integer({ min: 1, max: 10_000_000 });
const frequency = fc.constantFrom(...PAYMENT_FREQUENCIES);
const calendarDay = fc
  .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('splitPaymentCents', () => {
  it('conserves the payment to the cent for any amount and size', () => {
    fc.assert(
      fc.property(cents, cents, (amount, size) => {
        const parts = splitPaymentCents(amount, size);
        if (size >= amount) return parts === null;
        return parts !== null && parts.kept + parts.moved === amount && parts.kept > 0 && parts.moved === size;
      }),
    );
  });

  it('refuses nothing moved, everything moved, and fractions of a cent', () => {
    expect(splitPaymentCents(10_000, 0)).toBeNull();
    expect(splitPaymentCents(10_000, 10_000)).toBeNull();
    expect(splitPaymentCents(10_000, 12.5)).toBeNull();
    expect(splitPaymentCents(10_000, 2_500)).toEqual({ kept: 7_500, moved: 2_500 });
  });
});

describe('scheduleAmountsCents', () => {
  it('adds up to the balance exactly, every payment the amount but a smaller last one', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 10_000_000 }), (balance, amount) => {
        fc.pre(balance / amount <= 10_000);
        const amounts = scheduleAmountsCents(balance, amount);
        const total = amounts.reduce((sum, value) => sum + value, 0);
        const allButLast = amounts.slice(0, -1);
        return (
          total === balance &&
          allButLast.every((value) => value === amount) &&
          amounts.at(-1)! > 0 &&
          amounts.at(-1)! <= amount
        );
      }),
    );
  });

  it('takes the rounding on the last payment: $1,000.00 at $300.00 is three of $300 and one of $100', () => {
    expect(scheduleAmountsCents(100_000, 30_000)).toEqual([30_000, 30_000, 30_000, 10_000]);
    expect(scheduleAmountsCents(90_000, 30_000)).toEqual([30_000, 30_000, 30_000]);
    expect(scheduleAmountsCents(5_000, 30_000)).toEqual([5_000]);
  });
});

describe('customSchedule', () => {
  it('puts every payment on a weekday, in order, from the first date on, for any frequency', () => {
    fc.assert(
      fc.property(calendarDay, frequency, fc.integer({ min: 1, max: 40 }), (first, every, count) => {
        const schedule = customSchedule(count * 2_500, 2_500, first, every);
        return (
          schedule.length === count &&
          schedule.every((payment) => isWeekday(payment.due) && payment.due >= first) &&
          schedule.every((payment, index) => index === 0 || payment.due > schedule[index - 1]!.due)
        );
      }),
    );
  });

  it('counts months from the first date, so the 31st comes back after a short month', () => {
    expect([0, 1, 2].map((index) => scheduleDueDate('2027-03-31', 'monthly', index))).toEqual([
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
    ]);
    expect(scheduleDueDate('2026-12-04', 'biweekly', 1)).toBe('2026-12-18');
    // 2026-12-05 + 7 is a Saturday: collected the Monday after.
    expect(scheduleDueDate('2026-12-05', 'weekly', 1)).toBe('2026-12-14');
  });
});
