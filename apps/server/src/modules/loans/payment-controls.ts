import { centsToDollars, type LoanInfo, type PaymentControlSubject } from '@portal/contracts';
import { conflict } from '../../platform/http-error.ts';
import { conflictWithLoan } from './loan-card.ts';
import { paymentState } from './loan-state.ts';
import type { PaymentRecord } from './repository.ts';

// The payment actions ask the shared rule (contracts rules/payment-controls.ts) whether the payment
// offers the control, so the server refuses exactly what the screen does not offer.

// The rule reads a payment in the wire's terms.
export function controlSubjectOf(payment: PaymentRecord): PaymentControlSubject {
  return {
    state: paymentState(payment),
    type: payment.type,
    method: payment.method,
    bounce_fee: centsToDollars(payment.bounceFeeCents),
  };
}

// A control the rule does not allow is refused with 409, in the first of the call's own sentences
// that applies (listed in the order the call has always reported them).
// With the loan's card, the 409 answers it too (the loans/ calls).
export function assertPaymentControl(
  allowed: boolean,
  payment: Pick<PaymentRecord, 'id'>,
  reasons: ReadonlyArray<string | null>,
  card?: LoanInfo,
): void {
  if (allowed) return;
  const reason = reasons.find((candidate) => candidate !== null) ?? `Payment ${payment.id} cannot be changed.`;
  throw card ? conflictWithLoan(reason, card) : conflict(reason);
}
