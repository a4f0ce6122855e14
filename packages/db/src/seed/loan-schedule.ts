// Installment arithmetic of the loans the demo (packages/demo) and the tests' factories make, in
// integer cents; the demo's tests use it to check that every generated schedule adds up.

// Total repaid on an amortising loan with monthly installments: principal plus interest.
export function loanTotalCents(principalCents: number, aprBasisPoints: number, installments: number): number {
  const monthlyRate = aprBasisPoints / 10_000 / 12;
  if (monthlyRate === 0) return principalCents;
  const payment = (principalCents * monthlyRate) / (1 - (1 + monthlyRate) ** -installments);
  return Math.round(payment * installments);
}

// Equal installments in whole cents; the last one absorbs the rounding so the sum is exact.
export function splitInstallments(totalCents: number, installments: number): number[] {
  const regular = Math.round(totalCents / installments);
  const amounts = new Array<number>(installments).fill(regular);
  amounts[installments - 1] = totalCents - regular * (installments - 1);
  return amounts;
}

// What it takes to pay a loan off after `paidInstallments`: the principal still owed on the
// amortisation schedule plus half a month of interest, as a payoff between two due dates would.
export function payoffCents(
  principalCents: number,
  aprBasisPoints: number,
  installments: number,
  paidInstallments: number,
): number {
  const monthlyRate = aprBasisPoints / 10_000 / 12;
  if (monthlyRate === 0) return Math.round((principalCents * (installments - paidInstallments)) / installments);
  const growth = (1 + monthlyRate) ** paidInstallments;
  const payment = (principalCents * monthlyRate) / (1 - (1 + monthlyRate) ** -installments);
  const balance = Math.max(0, principalCents * growth - (payment * (growth - 1)) / monthlyRate);
  return Math.round(balance * (1 + monthlyRate / 2));
}
