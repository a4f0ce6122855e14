import { describe, expect, it } from 'vitest';
import { paymentFixture } from '../../test/ticket-fixtures.ts';
import { defaultPaymentDate, isSelectablePaymentDate, paymentControls } from './payment-controls.ts';

describe('paymentControls', () => {
  it('offers nothing on a paid or processing payment', () => {
    expect(paymentControls(paymentFixture({ state: 'paid', paid: '2026-03-01T00:00:00Z', bounce_fee: 15 }))).toEqual(
      [],
    );
    expect(paymentControls(paymentFixture({ state: 'processing', processing: '2026-03-01T00:00:00Z' }))).toEqual([]);
  });

  it('offers the fee waiver only with a fee, and the cancel only on an early repayment', () => {
    expect(paymentControls(paymentFixture())).toEqual(['change-date', 'toggle-method', 'smaller-payment']);
    expect(paymentControls(paymentFixture({ bounce_fee: 15, type: 'EarlyRepayment' }))).toEqual([
      'change-date',
      'toggle-method',
      'smaller-payment',
      'waive-bounce-fee',
      'cancel-early-repay',
    ]);
  });
});

describe('payment date picker', () => {
  it('defaults to two weeks after the due date, on a weekday, never before today', () => {
    // 2026-04-15 is a Wednesday: two weeks later is Wednesday 2026-04-29.
    expect(defaultPaymentDate('2026-04-15', '2026-04-01')).toBe('2026-04-29');
    // 2026-04-18 is a Saturday: two weeks later is a Saturday too, so Monday 2026-05-04.
    expect(defaultPaymentDate('2026-04-18', '2026-04-01')).toBe('2026-05-04');
    // A long-past due date: today (a Friday) instead.
    expect(defaultPaymentDate('2025-01-10', '2026-04-17')).toBe('2026-04-17');
  });

  it('accepts weekdays from today on', () => {
    expect(isSelectablePaymentDate('2026-04-16', '2026-04-17')).toBe(false);
    expect(isSelectablePaymentDate('2026-04-17', '2026-04-17')).toBe(true);
    expect(isSelectablePaymentDate('2026-04-18', '2026-04-17')).toBe(false);
  });
});
