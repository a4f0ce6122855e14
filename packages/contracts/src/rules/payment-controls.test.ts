import { describe, expect, it } from 'vitest';
import {
  canCancelEarlyRepayment,
  canChangePaymentDate,
  canMakePaymentSmaller,
  canTogglePaymentMethod,
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
    expect(paymentControls(payment(), both)).toEqual(['change-date', 'toggle-method', 'smaller-payment']);
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
