import type { Executor } from '@portal/db';
import { findActiveLoanIds, findLoansByIds, findPaymentsOfLoans } from './loan-reads.ts';
import { isOpenPayment } from './loan-state.ts';
import { payoffCentsAsOf } from './payoff.ts';
import type { PaymentRecord } from './repository.ts';

// A customer's active loans as a customer is told about them (the macros' account variables,
// decision 061), from the loans module's own rules: the active loan (activeLoanWhere), today's
// payoff (payoffCentsAsOf, the loan card's to the cent) and a payment still to collect (isOpenPayment).
export type ActiveLoanFigures = {
  loanId: number;
  payoffCents: number;
  // The earliest payment still to collect due today or later (an early repayment aside: it is the
  // payoff the customer asked for, not the schedule), or null when none is left.
  nextPayment: { due: string; amountCents: number; method: PaymentRecord['method'] } | null;
  // What the payments due before today and still to collect add up to (early repayments aside).
  pastDueCents: number;
};

export async function findActiveLoanFigures(
  executor: Executor,
  customerId: number,
  context: { today: string; timeZone: string },
): Promise<ActiveLoanFigures[]> {
  const ids = await findActiveLoanIds(executor, customerId);
  if (ids.length === 0) return [];
  const [loans, payments] = await Promise.all([findLoansByIds(executor, ids), findPaymentsOfLoans(executor, ids)]);
  return loans
    .sort((a, b) => a.id - b.id)
    .map((loan) => {
      const own = payments.filter((payment) => payment.loanId === loan.id);
      const scheduled = own.filter((payment) => isOpenPayment(payment) && payment.type !== 'EarlyRepayment');
      const next = scheduled.find((payment) => payment.due >= context.today);
      return {
        loanId: loan.id,
        payoffCents: payoffCentsAsOf(loan, own, context.today, context.timeZone),
        nextPayment: next ? { due: next.due, amountCents: next.expectedAmountCents, method: next.method } : null,
        pastDueCents: scheduled
          .filter((payment) => payment.due < context.today)
          .reduce((total, payment) => total + payment.expectedAmountCents, 0),
      };
    });
}
