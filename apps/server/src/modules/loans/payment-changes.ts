import {
  addMonths,
  canChangePaymentDate,
  canMakePaymentSmaller,
  canTogglePaymentMethod,
  canWaiveBounceFee,
  dollarsToCents,
  formatDollars,
  MIN_CUSTOM_PAYMENT_DOLLARS,
  nextWeekday,
  otherPaymentMethod,
} from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import { hasPermission, type Actor, type CustomerActor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { badRequest } from '../../platform/http-error.ts';
import { findPaymentInstruments } from '../customers/index.ts';
import { assertCollectionDate, assertWithinMaturityGrace } from './collection-date.ts';
import { lockPaymentForChange, type LockedLoan } from './loan-card.ts';
import { isOpenPayment, unchangeableReason } from './loan-state.ts';
import { assertPaymentControl, controlSubjectOf } from './payment-controls.ts';
import { eligiblePaymentMethods, ineligibleReason, methodLabel } from './payment-methods.ts';
import * as repository from './repository.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// The spec's own words (section 5).
export const SMALLER_PAYMENT_MINIMUM_MESSAGE = `Please enter an amount larger than $${MIN_CUSTOM_PAYMENT_DOLLARS}`;

// The payment and its loan, both locked (loan first, as every loan change takes them).
async function lockPaymentAndLoan(
  tx: Transaction,
  context: LoansDeps,
  paymentId: number,
): Promise<{ loan: LoanRecord; payment: PaymentRecord }> {
  const { record, payment } = await lockPaymentForChange(tx, context, paymentId);
  return { loan: record, payment };
}

// PATCH payment_date: a new due date on a weekday from today on, at most a year out and within the
// grace after maturity; original_due keeps the first one.
export async function reschedulePayment(context: LoansDeps, actor: Actor, paymentId: number, date: string) {
  assertCollectionDate(date, businessToday(context.clock, context.businessTimeZone));
  return context.db.transaction(async (tx) => {
    const locked = await lockPaymentForChange(tx, context, paymentId);
    return { message: await applyReschedule(tx, context, actor, locked, date) };
  });
}

// Who changed a payment, for its audit row: staff rows name the employee (employee_id); a change
// the customer made in the customer app has none and says so in `after` (decision 036).
function madeBy(actor: Actor | CustomerActor): { made_by?: 'customer'; customer_id?: number } {
  return actor.employeeId === null ? { made_by: 'customer', customer_id: actor.customerId } : {};
}

// Moves a locked payment (reschedule of loans/change_payment, PATCH payment_date, and the
// customer app's reschedule).
export async function applyReschedule(
  tx: Transaction,
  context: Pick<LoansDeps, 'clock' | 'businessTimeZone' | 'paymentDateGraceDays'>,
  actor: Actor | CustomerActor,
  { record: loan, card, payment }: LockedLoan & { payment: PaymentRecord },
  date: string,
): Promise<string> {
  const paymentId = payment.id;
  assertCollectionDate(date, businessToday(context.clock, context.businessTimeZone));
  assertPaymentControl(canChangePaymentDate(controlSubjectOf(payment)), payment, [unchangeableReason(payment)], card);
  assertWithinMaturityGrace(date, loan, context.paymentDateGraceDays);
  if (payment.due === date) return `Payment ${paymentId} is already due on ${date}; nothing changed.`;
  await repository.updatePayment(tx, paymentId, { due: date });
  await recordChange(tx, actor, 'payment.rescheduled', ['payment', paymentId], {
    before: { due: payment.due },
    after: { due: date, ...madeBy(actor) },
  });
  return `Payment ${paymentId} moved from ${payment.due} to ${date}.`;
}

// PATCH toggle_payment_method: ach <-> debit, only to a method the customer can pay with.
export async function togglePaymentMethod(context: LoansDeps, actor: Actor, paymentId: number) {
  return context.db.transaction(async (tx) => {
    const locked = await lockPaymentForChange(tx, context, paymentId);
    return { message: await applyToggleMethod(tx, actor, locked) };
  });
}

// Switches a locked payment's method (toggle_method of loans/change_payment, PATCH
// toggle_payment_method, the customer app's toggle_method). Back to ACH after a high-risk return
// only for a payments admin.
export async function applyToggleMethod(
  tx: Transaction,
  actor: Actor | CustomerActor,
  { record: loan, card, payment }: LockedLoan & { payment: PaymentRecord },
): Promise<string> {
  const paymentId = payment.id;
  const method = otherPaymentMethod(payment.method);
  const instruments = await findPaymentInstruments(tx, loan.customerId);
  const risk = card.high_risk_return;
  const controlContext = {
    highRiskReturn: risk !== null,
    mayValidateAny: hasPermission(actor, 'payments.validate_any'),
  };
  assertPaymentControl(
    canTogglePaymentMethod(controlSubjectOf(payment), eligiblePaymentMethods(instruments), controlContext),
    payment,
    [
      unchangeableReason(payment),
      ineligibleReason(instruments, method),
      risk && method === 'ach' ? highRiskAchRefusal(loan.id, risk) : null,
    ],
    card,
  );
  await repository.updatePayment(tx, paymentId, { method });
  await recordChange(tx, actor, 'payment.method_changed', ['payment', paymentId], {
    before: { method: payment.method },
    after: { method, ...madeBy(actor) },
  });
  return `Payment ${paymentId} will be collected by ${methodLabel(method)} instead of ${methodLabel(payment.method)}.`;
}

// Why ACH is closed to a loan with a high-risk return (spec 000 section 9), in words the card shows too.
export function highRiskAchRefusal(loanId: number, risk: { code: string; title: string; date: string }): string {
  return `Loan ${loanId} had a ${risk.code} return (${risk.title}) on ${risk.date}; only a payments admin can switch its payments back to ACH.`;
}

// PATCH smaller_payment: the payment becomes `dollars`; what it no longer collects moves to the next
// installment still to be paid, or to a new installment a month after the last one.
export async function makePaymentSmaller(context: LoansDeps, actor: Actor, paymentId: number, dollars: number) {
  const cents = dollarsToCents(dollars);
  if (cents < MIN_CUSTOM_PAYMENT_DOLLARS * 100) throw badRequest(SMALLER_PAYMENT_MINIMUM_MESSAGE);
  return context.db.transaction(async (tx) => {
    const { loan, payment } = await lockPaymentAndLoan(tx, context, paymentId);
    assertPaymentControl(canMakePaymentSmaller(controlSubjectOf(payment)), payment, [
      unchangeableReason(payment),
      payment.type === 'EarlyRepayment'
        ? `Payment ${paymentId} is an early repayment of the whole balance; cancel it instead of making it smaller.`
        : null,
    ]);
    if (cents >= payment.expectedAmountCents) {
      throw badRequest(
        `The new amount must be less than the payment's current amount of ${formatDollars(payment.expectedAmountCents)}.`,
      );
    }
    const difference = payment.expectedAmountCents - cents;
    const payments = await repository.loanPayments(tx, loan.id);
    const later = (other: PaymentRecord) =>
      other.due > payment.due || (other.due === payment.due && other.id > payment.id);
    const next = payments.find(
      (other) => other.id !== payment.id && other.type !== 'EarlyRepayment' && isOpenPayment(other) && later(other),
    );

    await repository.updatePayment(tx, paymentId, { expectedAmountCents: cents });
    let movedTo: PaymentRecord;
    if (next) {
      movedTo = await repository.updatePayment(tx, next.id, {
        expectedAmountCents: next.expectedAmountCents + difference,
      });
    } else {
      const lastDue = payments
        .filter((other) => other.invalidAt === null)
        .reduce((latest, other) => (other.due > latest ? other.due : latest), payment.due);
      const due = nextWeekday(addMonths(lastDue, 1));
      movedTo = await repository.insertPayment(tx, {
        loanId: loan.id,
        type: 'Installment',
        expectedAmountCents: difference,
        due,
        originalDue: due,
        method: payment.method,
        createdAt: context.clock.now(),
      });
    }
    await recordChange(tx, actor, 'payment.made_smaller', ['payment', paymentId], {
      before: {
        expectedAmountCents: payment.expectedAmountCents,
        [`payment${movedTo.id}`]: next ? next.expectedAmountCents : null,
      },
      after: {
        expectedAmountCents: cents,
        [`payment${movedTo.id}`]: movedTo.expectedAmountCents,
        movedToNewPayment: !next,
      },
    });
    const where = next
      ? `added to payment ${movedTo.id} due ${movedTo.due}`
      : `added as a new payment ${movedTo.id} due ${movedTo.due}`;
    return {
      message: `Payment ${paymentId} is now ${formatDollars(cents)}; the remaining ${formatDollars(difference)} was ${where}.`,
    };
  });
}

// PATCH credit_bounce_fee: the fee is taken off the payment and its bounces are marked fee waived.
export async function creditBounceFee(context: LoansDeps, actor: Actor, paymentId: number) {
  return context.db.transaction(async (tx) => {
    const { payment } = await lockPaymentAndLoan(tx, context, paymentId);
    assertPaymentControl(canWaiveBounceFee(controlSubjectOf(payment)), payment, [
      payment.bounceFeeCents <= 0 ? `Payment ${paymentId} has no bounce fee to credit.` : null,
      unchangeableReason(payment),
    ]);
    await repository.updatePayment(tx, paymentId, { bounceFeeCents: 0 });
    const waived = await repository.waiveBounceFees(tx, paymentId);
    await recordChange(tx, actor, 'payment.bounce_fee_credited', ['payment', paymentId], {
      before: { bounceFeeCents: payment.bounceFeeCents },
      after: { bounceFeeCents: 0, bouncesWaived: waived },
    });
    return { message: `The ${formatDollars(payment.bounceFeeCents)} bounce fee on payment ${paymentId} was credited.` };
  });
}
