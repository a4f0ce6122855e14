import { dollarsToCents, formatDollars } from '@portal/contracts';
import type { LoansDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordChange } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { lowerLastInstallments } from './last-installments.ts';
import { isOpenPayment, notActiveReason } from './loan-state.ts';
import * as repository from './repository.ts';

// POST users/create_larger_payment: the customer pays more on one upcoming installment. That
// payment becomes `dollars`; what it collects beyond its old amount comes off the last installments,
// latest first (an installment brought to nothing is cancelled, marked invalid), so the loan is
// repaid sooner and the total owed does not change.
export async function createLargerPayment(
  context: Pick<LoansDeps, 'db' | 'clock' | 'businessTimeZone'>,
  actor: Actor,
  input: { loan_id: number; payment_id: number; amount: number },
) {
  const cents = dollarsToCents(input.amount);
  const today = businessToday(context.clock, context.businessTimeZone);
  return context.db.transaction(async (tx) => {
    const loan = await repository.lockLoan(tx, input.loan_id);
    if (!loan) throw notFound(`Loan ${input.loan_id} was not found.`);
    const inactive = notActiveReason(loan);
    if (inactive) throw conflict(inactive);
    const payments = await repository.loanPayments(tx, loan.id);
    const upcoming = payments.filter(
      (payment) => isOpenPayment(payment) && payment.type !== 'EarlyRepayment' && payment.due >= today,
    );
    if (upcoming.length === 0) throw conflict(`Loan ${loan.id} has no upcoming payments`);
    const payment = payments.find((candidate) => candidate.id === input.payment_id);
    if (!payment) throw notFound(`Payment ${input.payment_id} is not a payment of loan ${loan.id}.`);
    if (!upcoming.includes(payment))
      throw conflict(
        `Payment ${payment.id} is not an upcoming payment of loan ${loan.id}; choose one still to be paid.`,
      );
    if (cents <= payment.expectedAmountCents)
      throw unprocessable(
        `The new amount must be more than the payment's current ${formatDollars(payment.expectedAmountCents)}.`,
      );

    const later = upcoming.filter(
      (other) => other.due > payment.due || (other.due === payment.due && other.id > payment.id),
    );
    const extra = cents - payment.expectedAmountCents;
    const available = later.reduce((sum, other) => sum + other.expectedAmountCents, 0);
    if (extra > available)
      throw unprocessable(
        `Payment ${payment.id} can be at most ${formatDollars(payment.expectedAmountCents + available)}, what the loan still owes through its last installment; schedule a payoff to pay more.`,
      );

    const changed = await lowerLastInstallments(tx, later, extra, context.clock.now());
    await repository.updatePayment(tx, payment.id, { expectedAmountCents: cents });
    await recordChange(tx, actor, 'payment.made_larger', ['payment', payment.id], {
      before: {
        expectedAmountCents: payment.expectedAmountCents,
        later: changed.map(({ id, before }) => ({ id, expectedAmountCents: before })),
      },
      after: {
        expectedAmountCents: cents,
        later: changed.map(({ id, after }) => ({ id, expectedAmountCents: after, cancelled: after === 0 })),
      },
    });
    const cancelled = changed.filter(({ after }) => after === 0).map(({ id }) => id);
    const reduced = changed.filter(({ after }) => after > 0).map(({ id }) => id);
    const parts = [
      cancelled.length > 0 ? `payment${cancelled.length > 1 ? 's' : ''} ${cancelled.join(', ')} cancelled` : null,
      reduced.length > 0 ? `payment ${reduced.join(', ')} reduced` : null,
    ].filter(Boolean);
    return {
      message: `Payment ${payment.id} is now ${formatDollars(cents)}; the extra ${formatDollars(extra)} comes off the last installments (${parts.join('; ')}).`,
    };
  });
}
