import { daysBetween } from './dates.ts';

// Payoff arithmetic in integer cents, shared by the API (early repayment) and the screens.

export type PayoffInput = {
  principalCents: number;
  aprBasisPoints: number;
  installmentCount: number;
  // Installments paid so far (paid or processing).
  paidInstallments: number;
  // Interest runs from here: the due date of the last paid installment, or the funding date.
  interestFrom: string;
  // The payoff date, YYYY-MM-DD.
  asOf: string;
};

// Principal still owed on the monthly amortisation schedule after the paid installments.
export function remainingPrincipalCents(input: Omit<PayoffInput, 'interestFrom' | 'asOf'>): number {
  const { principalCents, aprBasisPoints, installmentCount, paidInstallments } = input;
  if (paidInstallments >= installmentCount) return 0;
  const monthlyRate = aprBasisPoints / 10_000 / 12;
  if (monthlyRate === 0) return Math.round((principalCents * (installmentCount - paidInstallments)) / installmentCount);
  const growth = (1 + monthlyRate) ** paidInstallments;
  const payment = (principalCents * monthlyRate) / (1 - (1 + monthlyRate) ** -installmentCount);
  return Math.max(0, Math.round(principalCents * growth - (payment * (growth - 1)) / monthlyRate));
}

// The day-count rule, the one used everywhere: actual/365 simple interest on the remaining
// principal, counting the calendar days from interestFrom up to asOf (none when asOf is earlier),
// rounded to the cent once, half up.
export function accruedInterestCents(principalCents: number, aprBasisPoints: number, from: string, to: string): number {
  const days = Math.max(0, daysBetween(from, to));
  return Math.round((principalCents * aprBasisPoints * days) / 10_000 / 365);
}

// Remaining principal plus simple daily interest (APR / 365) from interestFrom to asOf.
export function payoffBalanceCents(input: PayoffInput): number {
  const principal = remainingPrincipalCents(input);
  return principal + accruedInterestCents(principal, input.aprBasisPoints, input.interestFrom, input.asOf);
}

export type PayoffBreakdown = {
  principalCents: number;
  interestCents: number;
  // Bounce fees still owed on payments not yet collected.
  feesCents: number;
  // Credited to the loan by staff (loans/credit_loan); never more than the rest.
  creditsCents: number;
  totalCents: number;
};

// What pays the loan off on asOf: principal + interest to that date + unpaid fees - credits, and
// never below nothing. The parts add up to the total to the cent.
export function payoffBreakdownCents(
  input: PayoffInput & { feesCents: number; creditedCents: number },
): PayoffBreakdown {
  const principalCents = remainingPrincipalCents(input);
  const interestCents = accruedInterestCents(principalCents, input.aprBasisPoints, input.interestFrom, input.asOf);
  const owed = principalCents + interestCents + input.feesCents;
  const creditsCents = Math.min(Math.max(0, input.creditedCents), owed);
  return { principalCents, interestCents, feesCents: input.feesCents, creditsCents, totalCents: owed - creditsCents };
}
