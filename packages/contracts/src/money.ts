import { z } from 'zod';

// Money is integer cents inside; dollars (a number with at most two decimals) only on the wire and in the UI.
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

// A dollar amount as a caller may send it: a positive number with at most two decimals.
export const dollarAmount = z.coerce
  .number({ error: 'Enter an amount in dollars.' })
  .positive('The amount must be more than $0.')
  .max(1_000_000, 'The amount must be at most $1,000,000.')
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Amounts have at most two decimals (cents).');
