import { describe, expect, it } from 'vitest';
import {
  canCancelEarlyRepayment,
  canChangePaymentDate,
  canInvalidatePayment,
  canMakePaymentSmaller,
  canRefundPayment,
  canSplitPayment,
  canTogglePaymentMethod,
  canValidatePayment,
  canWaiveBounceFee,
  isChangeablePayment,
  otherPaymentMethod,
  paymentControls,
  type PaymentControlSubject,
} from './payment-controls.ts';

const payment = (overrides: Partial<PaymentControlSubject> = {}): PaymentControlSubject => ({
  state: 'due',
  type: 'Installment',
  method: 'ach',
  bounce_fee: 0,
  ...overrides,
});
const both = ['ach', 'debit'] as const;
const settled = (['paid', 'processing', 'invalid'] as const).map((state) => payment({ state, bounce_fee: 15 }));

describe('isChangeablePayment', () => {
  it('is true only while the payment is due: not paid, processing or invalid (cancelled)', () => {
    expect(isChangeablePayment({ state: 'due' })).toBe(true);
    expect(settled.map(isChangeablePayment)).toEqual([false, false, false]);
  });
});

describe('canChangePaymentDate', () => {
  it('allows any due payment, an early repayment too', () => {
    expect(canChangePaymentDate(payment())).toBe(true);
    expect(canChangePaymentDate(payment({ type: 'EarlyRepayment' }))).toBe(true);
    expect(settled.map(canChangePaymentDate)).toEqual([false, false, false]);
  });
});

describe('canTogglePaymentMethod', () => {
  it('allows a switch only to a method the customer can be charged by', () => {
    expect(otherPaymentMethod('ach')).toBe('debit');
    expect(otherPaymentMethod('debit')).toBe('ach');
    expect(canTogglePaymentMethod(payment(), both)).toBe(true);
    expect(canTogglePaymentMethod(payment({ method: 'ach' }), ['ach'])).toBe(false);
    expect(canTogglePaymentMethod(payment({ method: 'debit' }), ['ach'])).toBe(true);
    expect(canTogglePaymentMethod(payment(), [])).toBe(false);
  });
  it('allows nothing on a payment that is not due', () => {
    expect(settled.map((entry) => canTogglePaymentMethod(entry, both))).toEqual([false, false, false]);
  });
});

describe('canMakePaymentSmaller', () => {
  it('allows a due installment, or any due payment that is not an early repayment', () => {
    expect(canMakePaymentSmaller(payment())).toBe(true);
    expect(canMakePaymentSmaller(payment({ type: 'Custom' }))).toBe(true);
  });
  it('refuses an early repayment (cancelled instead) and a payment that is not due', () => {
    expect(canMakePaymentSmaller(payment({ type: 'EarlyRepayment' }))).toBe(false);
    expect(settled.map(canMakePaymentSmaller)).toEqual([false, false, false]);
  });
});

describe('canWaiveBounceFee', () => {
  it('allows a due payment with a fee', () => {
    expect(canWaiveBounceFee(payment({ bounce_fee: 15 }))).toBe(true);
    expect(canWaiveBounceFee(payment({ bounce_fee: 0 }))).toBe(false);
    expect(settled.map(canWaiveBounceFee)).toEqual([false, false, false]);
  });
});

describe('canCancelEarlyRepayment', () => {
  it('allows a due early repayment only', () => {
    expect(canCancelEarlyRepayment(payment({ type: 'EarlyRepayment' }))).toBe(true);
    expect(canCancelEarlyRepayment(payment())).toBe(false);
    expect(canCancelEarlyRepayment(payment({ type: 'EarlyRepayment', state: 'invalid' }))).toBe(false);
    expect(canCancelEarlyRepayment(payment({ type: 'EarlyRepayment', state: 'processing' }))).toBe(false);
  });
});

describe('paymentControls', () => {
  it('lists the allowed controls in menu order', () => {
    expect(paymentControls(payment(), both)).toEqual(['change-date', 'toggle-method', 'smaller-payment', 'split']);
    expect(paymentControls(payment({ bounce_fee: 15, type: 'EarlyRepayment' }), both)).toEqual([
      'change-date',
      'toggle-method',
      'waive-bounce-fee',
      'cancel-early-repay',
    ]);
  });
  it('offers nothing on a paid, processing or invalid payment, whatever its fee or type', () => {
    for (const entry of settled) expect(paymentControls(entry, both)).toEqual([]);
    expect(paymentControls(payment({ state: 'invalid', type: 'EarlyRepayment' }), both)).toEqual([]);
  });
});

describe('the ACH switch after a high-risk return (R07, R08, R10)', () => {
  it('is closed back to ACH unless the employee is a payments admin; debit stays open', () => {
    const onDebit = payment({ method: 'debit' });
    expect(canTogglePaymentMethod(onDebit, both, { highRiskReturn: true })).toBe(false);
    expect(canTogglePaymentMethod(onDebit, both, { highRiskReturn: true, mayValidateAny: true })).toBe(true);
    expect(canTogglePaymentMethod(payment({ method: 'ach' }), both, { highRiskReturn: true })).toBe(true);
  });
});

describe('canSplitPayment', () => {
  it('splits a due installment, not an early repayment nor a payment that is not due', () => {
    expect(canSplitPayment(payment())).toBe(true);
    expect(canSplitPayment(payment({ type: 'EarlyRepayment' }))).toBe(false);
    expect(settled.map(canSplitPayment)).toEqual([false, false, false]);
  });
});

describe('canInvalidatePayment and canValidatePayment', () => {
  const admin = { mayValidateAny: true };
  const earlyRepayment = payment({ type: 'EarlyRepayment' });
  it.each([
    ['a due installment, by an admin', payment(), admin, true],
    ['a paid installment, by an admin', payment({ state: 'paid' }), admin, true],
    ['a processing installment, by an admin', payment({ state: 'processing' }), admin, false],
    ['an invalid installment, by an admin', payment({ state: 'invalid' }), admin, false],
    ['a due installment, by anyone', payment(), {}, false],
    [
      'an early repayment with installments + 1 payments',
      earlyRepayment,
      { paymentCount: 7, installmentCount: 6 },
      true,
    ],
    ['an early repayment with other counts', earlyRepayment, { paymentCount: 8, installmentCount: 6 }, false],
    [
      'a paid early repayment with installments + 1',
      payment({ type: 'EarlyRepayment', state: 'paid' }),
      { paymentCount: 7, installmentCount: 6 },
      false,
    ],
  ])('invalidate %s', (_, subject, context, expected) => expect(canInvalidatePayment(subject, context)).toBe(expected));

  it('validates an invalid payment, for an admin only', () => {
    expect(canValidatePayment(payment({ state: 'invalid' }), admin)).toBe(true);
    expect(canValidatePayment(payment({ state: 'invalid' }), {})).toBe(false);
    expect(canValidatePayment(payment(), admin)).toBe(false);
  });
});

describe('canRefundPayment', () => {
  const paid = payment({ state: 'paid', refundable: true, refunded: null });
  it.each([
    ['a paid refundable ach payment', paid, true],
    ['a paid refundable debit payment', { ...paid, method: 'debit' as const }, true],
    ['one not refundable', { ...paid, refundable: false }, false],
    ['one already refunded', { ...paid, refunded: '2026-11-01T00:00:00Z' }, false],
    ['a due payment', { ...paid, state: 'due' as const }, false],
  ])('%s', (_, subject, expected) => expect(canRefundPayment(subject, { mayRefund: true })).toBe(expected));

  it('needs the refund permission', () => expect(canRefundPayment(paid, {})).toBe(false));
});
