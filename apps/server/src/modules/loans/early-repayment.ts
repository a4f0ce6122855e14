import { canCancelEarlyRepayment, centsToDollars, formatDollars } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { badRequest, conflict, notFound } from '../../platform/http-error.ts';
import { assertCollectionDate } from './collection-date.ts';
import { isOpenPayment, notActiveReason, paymentState } from './loan-state.ts';
import { assertPaymentControl, controlSubjectOf } from './payment-controls.ts';
import { payoffCentsAsOf } from './payoff.ts';
import * as repository from './repository.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';
import { lockLoanForChange, readLoanCard } from './loan-card.ts';
import { runLoanChange } from './run-loan-change.ts';
import type { Transaction } from '@portal/db';

const isPendingEarlyRepayment = (payment: PaymentRecord) => payment.type === 'EarlyRepayment' && isOpenPayment(payment);

function assertBeforeMaturity(loan: LoanRecord, date: string): void {
  if (loan.maturity && date > loan.maturity)
    throw badRequest(`${date} is after loan ${loan.id} matures on ${loan.maturity}; pick a date on or before it.`);
}

function assertActive(loan: LoanRecord | undefined, loanId: number): asserts loan is LoanRecord {
  if (!loan) throw notFound(`Loan ${loanId} was not found.`);
  const reason = notActiveReason(loan);
  if (reason) throw conflict(reason);
}

// GET early_repay_balance: the payoff amount for a date the early repayment could be scheduled on.
export async function quoteEarlyRepayment(context: LoansDeps, loanId: number, date: string) {
  assertCollectionDate(date, businessToday(context.clock, context.businessTimeZone));
  const loan = await repository.findLoan(context.db, loanId);
  assertActive(loan, loanId);
  assertBeforeMaturity(loan, date);
  const payments = await repository.loanPayments(context.db, loanId);
  return {
    loan_id: loanId,
    date,
    balance: centsToDollars(payoffCentsAsOf(loan, payments, date, context.businessTimeZone)),
  };
}

// POST early_repay: one payment of the payoff balance on `date`, collected like the next payment.
export async function scheduleEarlyRepayment(context: LoansDeps, actor: Actor, loanId: number, date: string) {
  assertCollectionDate(date, businessToday(context.clock, context.businessTimeZone));
  return context.db.transaction(async (tx) => {
    const loan = await repository.lockLoan(tx, loanId);
    assertActive(loan, loanId);
    return { message: await applyEarlyRepayment(tx, context, actor, loan, date) };
  });
}

// POST loans/create_early_repay: the same, answering the loan as its card shows it.
export function createEarlyRepayment(context: LoansDeps, actor: Actor, loanId: number, date: string) {
  assertCollectionDate(date, businessToday(context.clock, context.businessTimeZone));
  return runLoanChange(context, async (tx) => {
    const { record: loan } = await lockLoanForChange(tx, context, loanId);
    assertActive(loan, loanId);
    return { loanId, message: await applyEarlyRepayment(tx, context, actor, loan, date) };
  });
}

// GET loans/early_repay_calculate: the payoff for a date, with the loan as its card shows it.
export async function calculateEarlyRepayment(context: LoansDeps, loanId: number, date: string) {
  const quote = await quoteEarlyRepayment(context, loanId, date);
  return { ...quote, loan: await readLoanCard(context.db, context, loanId) };
}

async function applyEarlyRepayment(
  tx: Transaction,
  context: LoansDeps,
  actor: Actor,
  loan: LoanRecord,
  date: string,
): Promise<string> {
  const loanId = loan.id;
  assertBeforeMaturity(loan, date);
  const payments = await repository.loanPayments(tx, loanId);
  const pending = payments.find(isPendingEarlyRepayment);
  if (pending) {
    throw conflict(
      `Loan ${loanId} already has an early repayment (payment ${pending.id}) due ${pending.due}; cancel it before scheduling another.`,
    );
  }
  const amount = payoffCentsAsOf(loan, payments, date, context.businessTimeZone);
  if (amount <= 0) throw conflict(`Loan ${loanId} has nothing left to pay off.`);
  const nextPayment = payments.find((payment) => isOpenPayment(payment));
  const payment = await repository.insertPayment(tx, {
    loanId,
    type: 'EarlyRepayment',
    expectedAmountCents: amount,
    due: date,
    originalDue: date,
    method: nextPayment?.method ?? loan.fundingMethod ?? 'ach',
    userInitiated: false,
    createdAt: context.clock.now(),
  });
  await recordChange(tx, actor, 'payment.early_repayment_scheduled', ['payment', payment.id], {
    after: { loanId, due: date, expectedAmountCents: amount, method: payment.method },
  });
  return `Early repayment of ${formatDollars(amount)} scheduled for ${date} on loan ${loanId} (payment ${payment.id}).`;
}

// Why an early repayment cannot be cancelled any more; null while it is due.
function uncancellableReason(payment: PaymentRecord): string | null {
  const state = paymentState(payment);
  if (state === 'paid') return `Early repayment ${payment.id} is already paid, so it cannot be cancelled.`;
  if (state === 'processing') return `Early repayment ${payment.id} is being processed, so it cannot be cancelled.`;
  if (state === 'invalid') return `Early repayment ${payment.id} is already cancelled.`;
  return null;
}

// DELETE early_repay: the early repayment is cancelled (marked invalid); the schedule stays as it was.
export async function cancelEarlyRepayment(context: LoansDeps, actor: Actor, paymentId: number) {
  return context.db.transaction(async (tx) => {
    const found = await repository.findPayment(tx, paymentId);
    if (!found) throw notFound(`Payment ${paymentId} was not found.`);
    // Lock the loan first, as scheduling does, so the two cannot cross.
    await repository.lockLoan(tx, found.loanId);
    const payment = await repository.findPayment(tx, paymentId);
    if (!payment) throw notFound(`Payment ${paymentId} was not found.`);
    assertPaymentControl(canCancelEarlyRepayment(controlSubjectOf(payment)), payment, [
      payment.type !== 'EarlyRepayment' ? `Payment ${paymentId} is not an early repayment.` : null,
      uncancellableReason(payment),
    ]);
    const now = context.clock.now();
    await repository.updatePayment(tx, paymentId, { invalidAt: now });
    await recordChange(tx, actor, 'payment.early_repayment_cancelled', ['payment', paymentId], {
      before: { invalidAt: null },
      after: { invalidAt: now.toISOString() },
    });
    return {
      message: `Early repayment ${paymentId} of ${formatDollars(payment.expectedAmountCents)} due ${payment.due} is cancelled.`,
    };
  });
}
