import { PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE, type Payment } from '@portal/contracts';
import { addDays, isWeekend, nextWeekday } from '../../lib/dates.ts';

export type PaymentControl =
  'change-date' | 'toggle-method' | 'smaller-payment' | 'waive-bounce-fee' | 'cancel-early-repay';

// Spec 000 section 4: the controls appear only when the payment is neither paid nor processing.
export function paymentIsEditable(payment: Pick<Payment, 'paid' | 'processing' | 'state'>): boolean {
  return (
    payment.paid === null && payment.processing === null && payment.state !== 'paid' && payment.state !== 'processing'
  );
}

export function paymentControls(
  payment: Pick<Payment, 'paid' | 'processing' | 'state' | 'bounce_fee' | 'type'>,
): PaymentControl[] {
  if (!paymentIsEditable(payment)) return [];
  const controls: PaymentControl[] = ['change-date', 'toggle-method', 'smaller-payment'];
  if (payment.bounce_fee > 0) controls.push('waive-bounce-fee');
  if (payment.type === 'EarlyRepayment') controls.push('cancel-early-repay');
  return controls;
}

// The date picker opens on two weeks after the due date (spec 000 section 5), moved to a weekday on
// or after today, since only those can be chosen.
export function defaultPaymentDate(due: string, today: string): string {
  const proposed = addDays(due, PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE);
  return nextWeekday(proposed < today ? today : proposed);
}

// What the picker lets through: weekdays, today or later.
export function isSelectablePaymentDate(date: string, today: string): boolean {
  return date >= today && !isWeekend(date);
}
