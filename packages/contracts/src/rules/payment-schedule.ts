import type { PAYMENT_FREQUENCIES } from '../constants.ts';
import { addDays, addMonths } from './dates.ts';
import { nextWeekday } from './payment-calendar.ts';

// How a split and a custom schedule divide money, in integer cents: whatever goes in comes out
// to the cent. The server writes exactly these amounts and dates; the card previews them.

export type Frequency = (typeof PAYMENT_FREQUENCIES)[number];

// The most payments a custom schedule may have: weekly payments for about two years.
export const MAX_SCHEDULED_PAYMENTS = 104;

// A split moves `sizeCents` of a payment to a new one; both parts are at least a cent.
export function splitPaymentCents(amountCents: number, sizeCents: number): { kept: number; moved: number } | null {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(sizeCents)) return null;
  if (sizeCents <= 0 || sizeCents >= amountCents) return null;
  return { kept: amountCents - sizeCents, moved: sizeCents };
}

// `balanceCents` paid `amountCents` at a time; the last payment takes what is left (less than or
// equal to the amount), so the payments add up to the balance exactly.
export function scheduleAmountsCents(balanceCents: number, amountCents: number): number[] {
  if (balanceCents <= 0 || amountCents <= 0) return [];
  const full = Math.floor(balanceCents / amountCents);
  const rest = balanceCents - full * amountCents;
  const amounts: number[] = Array.from({ length: full }, () => amountCents);
  if (rest > 0) amounts.push(rest);
  return amounts;
}

// The n-th due date (0 = the first) of a schedule starting on `first`: counted from the first
// date, not from the previous payment, so months keep their day (31st -> 28th -> 31st), and each
// moved to a weekday (a Saturday or Sunday becomes the Monday).
export function scheduleDueDate(first: string, frequency: Frequency, index: number): string {
  const raw =
    frequency === 'monthly' ? addMonths(first, index) : addDays(first, index * (frequency === 'biweekly' ? 14 : 7));
  return nextWeekday(raw);
}

export type ScheduledPayment = { due: string; amountCents: number };

// The whole schedule: each amount with its date.
export function customSchedule(
  balanceCents: number,
  amountCents: number,
  first: string,
  frequency: Frequency,
): ScheduledPayment[] {
  return scheduleAmountsCents(balanceCents, amountCents).map((cents, index) => ({
    due: scheduleDueDate(first, frequency, index),
    amountCents: cents,
  }));
}
