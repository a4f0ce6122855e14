// Money is integer cents inside; dollars (a number with at most two decimals) only on the wire and in the UI.
// The wire's dollar amount is dollarAmountSchema (primitives.ts).
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

// Built once: a formatter costs far more to make than to use.
const dollarFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(cents: number): string {
  return dollarFormat.format(cents / 100);
}
