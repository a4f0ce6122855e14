// Payoff arithmetic in integer cents, shared by the API (early repayment) and the screens.

const DAY_MS = 24 * 60 * 60 * 1000;

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

// Remaining principal plus simple daily interest (APR / 365) from interestFrom to asOf.
export function payoffBalanceCents(input: PayoffInput): number {
  const principal = remainingPrincipalCents(input);
  const days = Math.max(0, Math.round((Date.parse(input.asOf) - Date.parse(input.interestFrom)) / DAY_MS));
  const interest = Math.round((principal * input.aprBasisPoints * days) / 10_000 / 365);
  return principal + interest;
}
