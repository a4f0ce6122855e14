import {
  approvalSummary,
  canSettle,
  dollarsToCents,
  earliestPaymentDate,
  formatDollars,
  isRepaying,
} from '@portal/contracts';
import type { Transaction } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { ASKED, holdForApproval, type ApprovalOptions } from './approval-gate.ts';
import { conflictWithLoan, lockLoanForChange, type LockedLoan } from './loan-card.ts';
import { lowerLastInstallments } from './last-installments.ts';
import { isOpenPayment, notActiveReason } from './loan-state.ts';
import { payoffCentsAsOf } from './payoff.ts';
import * as repository from './repository.ts';
import type { PaymentRecord } from './repository.ts';
import { runLoanChange } from './run-loan-change.ts';

// Money off what the customer owes: a credit, or a settlement of the whole balance for less.
// Each needs its own permission (loans.credit, loans.settle; role loan_adjustments).

const isUpcomingInstallment = (payment: PaymentRecord) =>
  isOpenPayment(payment) && payment.type !== 'EarlyRepayment' && payment.type !== 'Settlement';

// POST loans/credit_loan {credit_amount}: the credit is added to the loan (the payoff drops by it)
// and comes off the last upcoming installments, latest first; one brought to nothing is cancelled.
export function creditLoan(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; credit_amount: number; lock_version?: number },
) {
  const cents = dollarsToCents(input.credit_amount);
  return runLoanChange(context, async (tx) => {
    const locked = await lockLoanForChange(tx, context, input.loan_id, input.lock_version);
    return { loanId: locked.record.id, message: await applyCredit(tx, context, actor, locked, cents) };
  });
}

// The credit on the locked loan, or (over its threshold) the credit waiting for a second employee.
export async function applyCredit(
  tx: Transaction,
  context: LoansDeps,
  actor: Actor,
  { record: loan, card, payments }: LockedLoan,
  cents: number,
  options: ApprovalOptions = ASKED,
): Promise<string> {
  const today = businessToday(context.clock, context.businessTimeZone);
  if (!isRepaying(card)) throw conflictWithLoan(notActiveReason(loan) ?? `Loan ${loan.id} is not being repaid.`, card);
  const payoff = payoffCentsAsOf(loan, payments, today, context.businessTimeZone);
  if (cents > payoff)
    throw unprocessable(`A credit can be at most the payoff balance of ${formatDollars(payoff)} (loan ${loan.id}).`);
  const held = await holdForApproval(tx, context, actor, options, {
    action: 'credit',
    entityType: 'loan',
    entityId: loan.id,
    loanId: loan.id,
    customerId: loan.customerId,
    amountCents: cents,
    summary: approvalSummary('credit', `loan ${loan.id}`, cents),
    payload: { loan_id: loan.id, credit_cents: cents },
  });
  if (held) return held;

  const now = context.clock.now();
  const lowered = await lowerLastInstallments(tx, payments.filter(isUpcomingInstallment), cents, now);
  await repository.updateLoan(tx, loan.id, { amountCreditedCents: loan.amountCreditedCents + cents });
  await recordAuditEvent(tx, {
    ...actor,
    action: 'loan.credited',
    entityType: 'loan',
    entityId: loan.id,
    before: {
      amountCreditedCents: loan.amountCreditedCents,
      payments: lowered.map(({ id, before }) => ({ id, before })),
    },
    after: {
      amountCreditedCents: loan.amountCreditedCents + cents,
      creditCents: cents,
      payments: lowered.map(({ id, after }) => ({ id, after })),
    },
  });
  const where =
    lowered.length === 0
      ? 'no upcoming payment was left to lower'
      : `it came off payment${lowered.length > 1 ? 's' : ''} ${lowered.map(({ id }) => id).join(', ')}`;
  return `Credited ${formatDollars(cents)} to loan ${loan.id}; ${where}.`;
}

// PATCH loans/settlement {settlement: {loan_id, amount}}: one Settlement payment of `amount` (at
// least the loan's settlement minimum, at most its payoff) on the first collection day, in place
// of every payment still to be collected.
export function createSettlement(
  context: LoansDeps,
  actor: Actor,
  input: { loan_id: number; amount: number; lock_version?: number },
) {
  const cents = dollarsToCents(input.amount);
  return runLoanChange(context, async (tx) => {
    const locked = await lockLoanForChange(tx, context, input.loan_id, input.lock_version);
    return { loanId: locked.record.id, message: await applySettlement(tx, context, actor, locked, cents) };
  });
}

export async function applySettlement(
  tx: Transaction,
  context: LoansDeps,
  actor: Actor,
  { record: loan, card, payments }: LockedLoan,
  cents: number,
  options: ApprovalOptions = ASKED,
): Promise<string> {
  const today = businessToday(context.clock, context.businessTimeZone);
  if (!canSettle(card, today)) throw conflictWithLoan(settlementRefusal(card, today), card);
  const minimum = loan.settlementMinCents ?? 0;
  if (cents < minimum)
    throw unprocessable(
      `The settlement must be at least the minimum of ${formatDollars(minimum)} for loan ${loan.id}.`,
    );
  const payoff = payoffCentsAsOf(loan, payments, today, context.businessTimeZone);
  if (cents > payoff)
    throw unprocessable(`The settlement cannot be more than the payoff balance of ${formatDollars(payoff)}.`);
  const held = await holdForApproval(tx, context, actor, options, {
    action: 'settlement',
    entityType: 'loan',
    entityId: loan.id,
    loanId: loan.id,
    customerId: loan.customerId,
    amountCents: cents,
    summary: approvalSummary('settlement', `loan ${loan.id}`, cents),
    payload: { loan_id: loan.id, amount_cents: cents },
  });
  if (held) return held;

  const now = context.clock.now();
  const open = payments.filter(isOpenPayment);
  for (const payment of open) await repository.updatePayment(tx, payment.id, { invalidAt: now });
  const due = earliestPaymentDate(today);
  const settlement = await repository.insertPayment(tx, {
    loanId: loan.id,
    type: 'Settlement',
    expectedAmountCents: cents,
    due,
    originalDue: due,
    method: open[0]?.method ?? loan.fundingMethod ?? 'ach',
    createdAt: now,
  });
  await recordAuditEvent(tx, {
    ...actor,
    action: 'loan.settlement_created',
    entityType: 'loan',
    entityId: loan.id,
    before: { openPayments: open.map((payment) => payment.id), payoffCents: payoff },
    after: { settlementPaymentId: settlement.id, amountCents: cents, due },
  });
  // The spec's own words (section 8).
  return 'Settlement created';
}

function settlementRefusal(card: Parameters<typeof canSettle>[0], today: string): string {
  if (card.settlement_min === null) return `Loan ${card.id} has no settlement minimum, so it cannot be settled.`;
  if (card.maturity === null || card.maturity >= today)
    return `Loan ${card.id} has not matured yet${card.maturity ? ` (it matures on ${card.maturity})` : ''}; it can be settled only after.`;
  if (!isRepaying(card)) return `Loan ${card.id} is not being repaid, so there is nothing to settle.`;
  return `A payment of loan ${card.id} is being processed; settle it once the payment clears or returns.`;
}
