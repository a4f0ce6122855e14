import {
  canInvalidatePayment,
  canRefundPayment,
  canSplitPayment,
  approvalSummary,
  canValidatePayment,
  customSchedule,
  dollarsToCents,
  formatDollars,
  isRepaying,
  MAX_SCHEDULED_PAYMENTS,
  SPLIT_WARNING_PREFIX,
  splitPaymentCents,
  loanServicingCalls,
  type CallBody,
  type LoanActionResponse,
} from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { badRequest, conflict, forbidden, unprocessable } from '../../platform/http-error.ts';
import { ASKED, holdForApproval, type ApprovalOptions } from './approval-gate.ts';
import { assertCollectionDate } from './collection-date.ts';
import { conflictWithLoan, lockLoanForChange, lockPaymentForChange, type LockedLoan } from './loan-card.ts';
import { isOpenPayment, notActiveReason, paymentState, unchangeableReason } from './loan-state.ts';
import { applyReschedule, applyToggleMethod } from './payment-changes.ts';
import { controlSubjectOf } from './payment-controls.ts';
import { methodLabel } from './payment-methods.ts';
import * as repository from './repository.ts';
import type { PaymentRecord } from './repository.ts';
import { runLoanChange } from './run-loan-change.ts';

type ChangeInput = CallBody<typeof loanServicingCalls.changePayment>;
type SplitInput = CallBody<typeof loanServicingCalls.splitPayment>;
type CustomPaymentsInput = CallBody<typeof loanServicingCalls.customPayments>;

export type LockedPayment = LockedLoan & { payment: PaymentRecord };

// Installments still to be collected that a schedule may move or replace (not a payoff or a
// settlement, which are whole-balance payments of their own).
const isScheduledInstallment = (payment: PaymentRecord) =>
  isOpenPayment(payment) && payment.type !== 'EarlyRepayment' && payment.type !== 'Settlement';

// PATCH loans/change_payment {payment: {id, action, date?, lock_version?}}.
export function changePayment(context: LoansDeps, actor: Actor, input: ChangeInput): Promise<LoanActionResponse> {
  const { id, action, date, lock_version: lockVersion } = input.payment;
  if (action === 'reschedule' && date === undefined) throw badRequest('A reschedule needs the new date.');
  return runLoanChange(context, async (tx) => {
    const locked = await lockPaymentForChange(tx, context, id, { lockVersion });
    const loanId = locked.record.id;
    if (action === 'reschedule') return { loanId, message: await applyReschedule(tx, context, actor, locked, date!) };
    if (action === 'toggle_method') return { loanId, message: await applyToggleMethod(tx, actor, locked) };
    if (action === 'toggle_valid') return { loanId, message: await applyToggleValid(tx, context, actor, locked) };
    return { loanId, message: await applyRefund(tx, context, actor, locked) };
  });
}

// Invalid -> valid (payments admin only); otherwise -> invalid, as canInvalidatePayment allows.
export async function applyToggleValid(
  tx: Transaction,
  context: LoansDeps,
  actor: Actor,
  { record, card, payment }: LockedPayment,
  options: ApprovalOptions & { mayValidateAny?: boolean } = ASKED,
): Promise<string> {
  const subject = controlSubjectOf(payment);
  const rules = {
    // An approved invalidation is judged with the maker's power, as it was asked.
    mayValidateAny: options.mayValidateAny ?? hasPermission(actor, 'payments.validate_any'),
    paymentCount: card.payments.length,
    installmentCount: card.installment_num,
  };
  if (subject.state === 'invalid') {
    if (!canValidatePayment(subject, rules))
      throw forbidden('Only a payments admin can make an invalid payment count again.');
    await repository.updatePayment(tx, payment.id, { invalidAt: null });
    await recordChange(tx, actor, 'payment.validated', ['payment', payment.id], {
      before: { invalidAt: payment.invalidAt?.toISOString() ?? null },
      after: { invalidAt: null },
    });
    return `Payment ${payment.id} counts again (valid).`;
  }
  if (!canInvalidatePayment(subject, rules)) {
    if (subject.state === 'processing')
      throw conflictWithLoan(`Payment ${payment.id} is being processed, so it cannot be invalidated.`, card);
    throw forbidden(
      `Only a payments admin can invalidate payment ${payment.id}; others can invalidate only an early repayment still due when the loan has one payment more than its installments.`,
    );
  }
  const held = await holdForApproval(tx, context, actor, options, {
    action: 'invalidate',
    entityType: 'payment',
    entityId: payment.id,
    loanId: payment.loanId,
    customerId: record.customerId,
    amountCents: payment.expectedAmountCents,
    summary: approvalSummary('invalidate', `payment ${payment.id}`, payment.expectedAmountCents),
    payload: { payment_id: payment.id, may_validate_any: rules.mayValidateAny },
  });
  if (held) return held;
  const now = context.clock.now();
  await repository.updatePayment(tx, payment.id, { invalidAt: now });
  await recordChange(tx, actor, 'payment.invalidated', ['payment', payment.id], {
    before: { invalidAt: null, state: subject.state },
    after: { invalidAt: now.toISOString() },
  });
  return `Payment ${payment.id} of ${formatDollars(payment.expectedAmountCents)} no longer counts (invalid).`;
}

// Why a paid payment cannot be refunded; null when it can.
function unrefundableReason(payment: PaymentRecord): string {
  const state = paymentState(payment);
  if (payment.refundedAt)
    return `Payment ${payment.id} was already refunded on ${payment.refundedAt.toISOString().slice(0, 10)}.`;
  if (state !== 'paid') return `Payment ${payment.id} is not paid (it is ${state}), so there is nothing to refund.`;
  return `Payment ${payment.id} can no longer be refunded: the processor no longer accepts a refund for it.`;
}

// A refund waits for a second employee when over its threshold (four eyes); an approved one is
// carried out as asked (the maker held the permission).
export async function applyRefund(
  tx: Transaction,
  context: LoansDeps,
  actor: Actor,
  { record, card, payment }: LockedPayment,
  options: ApprovalOptions = ASKED,
) {
  const mayRefund = options.approved || hasPermission(actor, 'payments.refund');
  if (!mayRefund) throw forbidden('Refunding a payment needs the refund permission (role loan_adjustments).');
  if (
    !canRefundPayment(
      {
        ...controlSubjectOf(payment),
        refundable: payment.refundable,
        refunded: payment.refundedAt?.toISOString() ?? null,
      },
      { mayRefund },
    )
  )
    throw conflictWithLoan(unrefundableReason(payment), card);
  const held = await holdForApproval(tx, context, actor, options, {
    action: 'refund',
    entityType: 'payment',
    entityId: payment.id,
    loanId: payment.loanId,
    customerId: record.customerId,
    amountCents: payment.expectedAmountCents,
    summary: approvalSummary('refund', `payment ${payment.id}`, payment.expectedAmountCents),
    payload: { payment_id: payment.id },
  });
  if (held) return held;
  const now = context.clock.now();
  await repository.updatePayment(tx, payment.id, { refundedAt: now, refundable: false });
  await recordChange(tx, actor, 'payment.refunded', ['payment', payment.id], {
    before: { refundedAt: null, refundable: true },
    after: { refundedAt: now.toISOString(), refundable: false, amountCents: payment.expectedAmountCents },
  });
  return `Payment ${payment.id} of ${formatDollars(payment.expectedAmountCents)} is refunded to the customer's ${methodLabel(payment.method)}.`;
}

// PATCH loans/split_payment: part of a due installment (size) moves to a new payment on `date`;
// the rest stays where it was. A date past the next payment or past maturity needs confirming
// (a 409 starting 'Warning', resubmitted with warning_accepted).
export function splitPayment(context: LoansDeps, actor: Actor, input: SplitInput) {
  const today = businessToday(context.clock, context.businessTimeZone);
  assertCollectionDate(input.date, today);
  return runLoanChange(context, async (tx) => {
    const {
      record: loan,
      card,
      payment,
      payments,
    } = await lockPaymentForChange(tx, context, input.payment_id, {
      loanId: input.loan_id,
      lockVersion: input.lock_version,
    });
    if (!canSplitPayment(controlSubjectOf(payment)))
      throw conflictWithLoan(
        unchangeableReason(payment) ??
          `Payment ${payment.id} is an early repayment of the whole balance; cancel it instead of splitting it.`,
        card,
      );
    const parts = splitPaymentCents(payment.expectedAmountCents, dollarsToCents(input.size));
    if (!parts)
      throw unprocessable(
        `The split amount must be less than the payment's ${formatDollars(payment.expectedAmountCents)}.`,
      );
    if (input.date === payment.due)
      throw badRequest(`Payment ${payment.id} is already due on ${input.date}; pick another date for the split.`);
    // Past maturity is a warning for a split (spec 000 section 4), not the reschedule's hard limit:
    // collections split an overdue payment of a matured loan into the weeks ahead.
    const next = payments.find(
      (other) => other.id !== payment.id && isScheduledInstallment(other) && other.due > payment.due,
    );
    const warnings = [
      next && input.date > next.due ? `the new date ${input.date} is after the next payment (${next.due})` : null,
      loan.maturity && input.date > loan.maturity
        ? `the new date ${input.date} is after the loan matures (${loan.maturity})`
        : null,
    ].filter((warning): warning is string => warning !== null);
    if (warnings.length > 0 && input.warning_accepted !== true)
      throw conflict(`${SPLIT_WARNING_PREFIX}: ${warnings.join(' and ')}. Confirm to split anyway.`);

    await repository.updatePayment(tx, payment.id, { expectedAmountCents: parts.kept });
    const created = await repository.insertPayment(tx, {
      loanId: loan.id,
      type: payment.type,
      expectedAmountCents: parts.moved,
      due: input.date,
      originalDue: input.date,
      method: payment.method,
      createdAt: context.clock.now(),
    });
    await recordChange(tx, actor, 'payment.split', ['payment', payment.id], {
      before: { expectedAmountCents: payment.expectedAmountCents },
      after: {
        expectedAmountCents: parts.kept,
        newPayment: { id: created.id, due: input.date, expectedAmountCents: parts.moved },
        warningAccepted: warnings.length > 0,
      },
    });
    return {
      loanId: loan.id,
      message: `Payment ${payment.id} is split: ${formatDollars(parts.kept)} stays due ${payment.due}; ${formatDollars(parts.moved)} is now payment ${created.id} due ${input.date}.`,
    };
  });
}

// PATCH loans/custom_payments: the upcoming installments are replaced (cancelled, kept as invalid)
// by `amount` every `frequency` from `date`; the new payments add up to what the replaced ones
// did, to the cent (the last one takes what is left).
export function customPayments(context: LoansDeps, actor: Actor, input: CustomPaymentsInput) {
  const today = businessToday(context.clock, context.businessTimeZone);
  assertCollectionDate(input.date, today);
  return runLoanChange(context, async (tx) => {
    const { record: loan, card, payments } = await lockLoanForChange(tx, context, input.loan, input.lock_version);
    // Nothing left to collect, in the spec's own words (section 5); when the loan is not being
    // repaid at all (paid off, denied, returned, not funded), why, in a second sentence.
    const noUpcoming = `Loan ${loan.id} has no upcoming payments`;
    if (!isRepaying(card))
      throw conflictWithLoan([noUpcoming, notActiveReason(loan) ?? `Loan ${loan.id} is not being repaid.`], card);
    const upcoming = payments.filter(isScheduledInstallment);
    if (upcoming.length === 0) throw conflictWithLoan(noUpcoming, card);
    const payoff = payments.find((payment) => payment.type === 'EarlyRepayment' && isOpenPayment(payment));
    if (payoff)
      throw conflictWithLoan(
        `Loan ${loan.id} has an early repayment (payment ${payoff.id}) due ${payoff.due}; cancel it before setting up custom payments.`,
        card,
      );
    const balance = upcoming.reduce((total, payment) => total + payment.expectedAmountCents, 0);
    const amount = dollarsToCents(input.amount);
    const schedule = customSchedule(balance, amount, input.date, input.frequency);
    if (schedule.length > MAX_SCHEDULED_PAYMENTS)
      throw unprocessable(
        `${formatDollars(amount)} ${input.frequency} would take ${schedule.length} payments to cover ${formatDollars(balance)}; a schedule can have at most ${MAX_SCHEDULED_PAYMENTS}. Choose a larger amount.`,
      );
    const now = context.clock.now();
    const method = upcoming[0]!.method;
    for (const payment of upcoming) await repository.updatePayment(tx, payment.id, { invalidAt: now });
    const created: PaymentRecord[] = [];
    for (const entry of schedule) {
      created.push(
        await repository.insertPayment(tx, {
          loanId: loan.id,
          type: 'Custom',
          expectedAmountCents: entry.amountCents,
          due: entry.due,
          originalDue: entry.due,
          method,
          createdAt: now,
        }),
      );
    }
    await recordChange(tx, actor, 'loan.custom_payments', ['loan', loan.id], {
      before: { payments: upcoming.map((p) => ({ id: p.id, due: p.due, expectedAmountCents: p.expectedAmountCents })) },
      after: {
        frequency: input.frequency,
        payments: created.map((p) => ({ id: p.id, due: p.due, expectedAmountCents: p.expectedAmountCents })),
      },
    });
    const last = schedule[schedule.length - 1]!;
    return {
      loanId: loan.id,
      message: `Loan ${loan.id}: ${schedule.length} ${input.frequency} ${schedule.length === 1 ? 'payment' : 'payments'} from ${input.date} to ${last.due} (${formatDollars(balance)} in all) replace the ${upcoming.length} upcoming ${upcoming.length === 1 ? 'payment' : 'payments'}.`,
    };
  });
}
