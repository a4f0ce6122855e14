import type { LoanInfo, Payment } from '../loans.ts';

// Which actions a payment offers (spec 000 sections 4 and 5). The screen shows exactly these and
// the server refuses the others with 409, so both read this one rule.

export type PaymentControl =
  | 'change-date'
  | 'toggle-method'
  | 'smaller-payment'
  | 'split'
  | 'waive-bounce-fee'
  | 'cancel-early-repay'
  | 'invalidate'
  | 'validate'
  | 'refund';

// What the rule reads of a payment, in the wire's terms (dollars). refundable and refunded are
// only read by the refund rule (absent: not refundable).
export type PaymentControlSubject = Pick<Payment, 'state' | 'type' | 'method' | 'bounce_fee'> &
  Partial<Pick<Payment, 'refundable' | 'refunded'>>;

// What else the controls depend on: the loan and who is looking.
export type PaymentControlContext = {
  // A high-risk return (R07, R08, R10) stands on the loan: ACH only by a payments admin.
  highRiskReturn?: boolean;
  // payments.validate_any: validate and invalidate any payment; switch back to ACH despite a return.
  mayValidateAny?: boolean;
  // payments.refund.
  mayRefund?: boolean;
  // The loan's payments (all of them, as the card lists them) and installments.
  paymentCount?: number;
  installmentCount?: number;
};
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

// Only to a method the customer can be charged by (an instrument not marked do-not-pull), and
// back to ACH after a high-risk return only by a payments admin (spec 000 section 9).
export function canTogglePaymentMethod(
  payment: PaymentControlSubject,
  eligibleMethods: readonly PaymentMethodName[],
  context: PaymentControlContext = {},
): boolean {
  const method = otherPaymentMethod(payment.method);
  if (method === 'ach' && isAchBlocked(context)) return false;
  return isChangeablePayment(payment) && eligibleMethods.includes(method);
}

export function isAchBlocked(context: Pick<PaymentControlContext, 'highRiskReturn' | 'mayValidateAny'>): boolean {
  return context.highRiskReturn === true && context.mayValidateAny !== true;
}

// A split moves part of an installment to a later date; an early repayment is the whole balance
// and is not split.
export function canSplitPayment(payment: PaymentControlSubject): boolean {
  return isChangeablePayment(payment) && payment.type !== 'EarlyRepayment';
}

// Spec 000 section 4: a payments admin invalidates any payment that is not on its way (processing)
// or already invalid; others only an early repayment still due when the loan has one payment more
// than its installments.
export function canInvalidatePayment(payment: PaymentControlSubject, context: PaymentControlContext = {}): boolean {
  if (payment.state === 'invalid' || payment.state === 'processing') return false;
  if (context.mayValidateAny === true) return true;
  return (
    payment.state === 'due' &&
    payment.type === 'EarlyRepayment' &&
    context.paymentCount !== undefined &&
    context.paymentCount === (context.installmentCount ?? Number.NaN) + 1
  );
}

// Only a payments admin makes an invalid payment count again.
export function canValidatePayment(payment: PaymentControlSubject, context: PaymentControlContext = {}): boolean {
  return payment.state === 'invalid' && context.mayValidateAny === true;
}

// A paid ACH or debit payment the processor can still return, once, by staff allowed to refund.
export function canRefundPayment(payment: PaymentControlSubject, context: PaymentControlContext = {}): boolean {
  return (
    payment.state === 'paid' &&
    (payment.method === 'ach' || payment.method === 'debit') &&
    payment.refundable === true &&
    !payment.refunded &&
    context.mayRefund === true
  );
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
  context: PaymentControlContext = {},
): PaymentControl[] {
  const offered: Array<[PaymentControl, boolean]> = [
    ['change-date', canChangePaymentDate(payment)],
    ['toggle-method', canTogglePaymentMethod(payment, eligibleMethods, context)],
    ['smaller-payment', canMakePaymentSmaller(payment)],
    ['split', canSplitPayment(payment)],
    ['waive-bounce-fee', canWaiveBounceFee(payment)],
    ['cancel-early-repay', canCancelEarlyRepayment(payment)],
    ['invalidate', canInvalidatePayment(payment, context)],
    ['validate', canValidatePayment(payment, context)],
    ['refund', canRefundPayment(payment, context)],
  ];
  return offered.flatMap(([control, allowed]) => (allowed ? [control] : []));
}
