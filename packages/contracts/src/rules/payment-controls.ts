import type { LoanInfo, Payment } from '../loans.ts';

// Which actions a payment offers (spec 000 sections 4 and 5). The screen shows exactly these and
// the server refuses the others with 409, so both read this one rule.

export type PaymentControl =
  'change-date' | 'toggle-method' | 'smaller-payment' | 'waive-bounce-fee' | 'cancel-early-repay';

// What the rule reads of a payment, in the wire's terms (dollars).
export type PaymentControlSubject = Pick<Payment, 'state' | 'type' | 'method' | 'bounce_fee'>;
export type PaymentMethodName = LoanInfo['eligible_payment_methods'][number];

// Only a payment still to be collected can change: a paid or processing one has left, and an
// invalid (cancelled) one no longer counts.
export function isChangeablePayment(payment: Pick<Payment, 'state'>): boolean {
  return payment.state === 'due';
}

export function canChangePaymentDate(payment: PaymentControlSubject): boolean {
  return isChangeablePayment(payment);
}

export function otherPaymentMethod(method: PaymentMethodName): PaymentMethodName {
  return method === 'ach' ? 'debit' : 'ach';
}

// Only to a method the customer can be charged by (an instrument not marked do-not-pull).
export function canTogglePaymentMethod(
  payment: PaymentControlSubject,
  eligibleMethods: readonly PaymentMethodName[],
): boolean {
  return isChangeablePayment(payment) && eligibleMethods.includes(otherPaymentMethod(payment.method));
}

// An early repayment is the whole balance: it is cancelled, not made smaller. (The new amount
// itself is input, checked when it is sent: at least MIN_CUSTOM_PAYMENT_DOLLARS, under the old.)
export function canMakePaymentSmaller(payment: PaymentControlSubject): boolean {
  return isChangeablePayment(payment) && payment.type !== 'EarlyRepayment';
}

export function canWaiveBounceFee(payment: PaymentControlSubject): boolean {
  return isChangeablePayment(payment) && payment.bounce_fee > 0;
}

export function canCancelEarlyRepayment(payment: PaymentControlSubject): boolean {
  return isChangeablePayment(payment) && payment.type === 'EarlyRepayment';
}

// The controls in the order the payment's menu lists them.
export function paymentControls(
  payment: PaymentControlSubject,
  eligibleMethods: readonly PaymentMethodName[],
): PaymentControl[] {
  const offered: Array<[PaymentControl, boolean]> = [
    ['change-date', canChangePaymentDate(payment)],
    ['toggle-method', canTogglePaymentMethod(payment, eligibleMethods)],
    ['smaller-payment', canMakePaymentSmaller(payment)],
    ['waive-bounce-fee', canWaiveBounceFee(payment)],
    ['cancel-early-repay', canCancelEarlyRepayment(payment)],
  ];
  return offered.flatMap(([control, allowed]) => (allowed ? [control] : []));
}
