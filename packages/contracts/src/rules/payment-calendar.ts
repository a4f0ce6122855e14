import { PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE } from '../constants.ts';
import { addDays, addMonths } from './dates.ts';
import { isValidDate } from './user-fields.ts';

// The calendar of payments (spec 000 section 5), on date-only values (YYYY-MM-DD); the day
// arithmetic under it is dates.ts's.

// How far out anyone may put a collection: a year from today, so that a slip of the keyboard
// (9999-12-31) cannot park a payment for ever.
export const PAYMENT_DATE_MAX_MONTHS_AHEAD = 12;

export function isCalendarDate(text: string): boolean {
  return isValidDate(text);
}

// 0 = Sunday ... 6 = Saturday.
function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekday(date: string): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6;
}

export function isWeekend(date: string): boolean {
  return !isWeekday(date);
}

// Payments fall due on weekdays: a Saturday or Sunday moves to the Monday.
export function nextWeekday(date: string): string {
  const day = dayOfWeek(date);
  if (day === 6) return addDays(date, 2);
  if (day === 0) return addDays(date, 1);
  return date;
}

// The weekday on or before the date: a Saturday or Sunday moves back to the Friday.
export function previousWeekday(date: string): string {
  const day = dayOfWeek(date);
  if (day === 6) return addDays(date, -1);
  if (day === 0) return addDays(date, -2);
  return date;
}

// The last day a collection may be put on, whatever the loan: a year from today.
export function latestCollectionDate(today: string): string {
  return addMonths(today, PAYMENT_DATE_MAX_MONTHS_AHEAD);
}

// The last day a payment may be moved to on a loan: its maturity plus the grace the server is
// configured with (PAYMENT_DATE_GRACE_DAYS).
export function latestDateAfterMaturity(maturity: string, graceDays: number): string {
  return addDays(maturity, graceDays);
}

// The first date the picker offers: today, or the Monday after a weekend.
export function earliestPaymentDate(today: string): string {
  return nextWeekday(today);
}

// The last date the picker offers: a year out, and not past the loan's own limit when it has one
// (maturity for an early repayment, latestDateAfterMaturity for a moved payment); a weekend
// limit moves back to the Friday. Earlier than earliestPaymentDate when nothing can be picked.
export function latestPaymentDate(today: string, loanLimit: string | null = null): string {
  const yearOut = latestCollectionDate(today);
  return previousWeekday(loanLimit !== null && loanLimit < yearOut ? loanLimit : yearOut);
}

// What the picker lets through and the server accepts: a calendar date on a weekday, from today
// to a year out, and not past the loan's own limit when one is given.
export function isSelectablePaymentDate(date: string, today: string, loanLimit: string | null = null): boolean {
  if (!isCalendarDate(date) || !isWeekday(date) || date < today) return false;
  return date <= latestCollectionDate(today) && (loanLimit === null || date <= loanLimit);
}

// The date picker opens on two weeks after the due date (spec 000 section 5), moved to a weekday
// on or after today, since only those can be chosen.
export function defaultPaymentDate(due: string, today: string): string {
  const proposed = addDays(due, PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE);
  return nextWeekday(proposed < today ? today : proposed);
}
