import { PAYMENT_DATE_DEFAULT_DAYS_AFTER_DUE } from '../constants.ts';
import { isValidDate } from './user-fields.ts';

// The calendar of payments (spec 000 section 5), on date-only values (YYYY-MM-DD). Arithmetic is
// done on UTC midnights, so the zone the code runs in (server or browser) never shifts a date; only
// "today" depends on a time zone, and it is given one (convention 6: the business time zone).

const DAY_MS = 24 * 60 * 60 * 1000;

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

// Formatters are costly to build and the queue asks for today on every call, so one per zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

// The calendar date of an instant in an IANA time zone; today is dateInTimeZone(now, zone).
export function dateInTimeZone(instant: Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

// How far local time in an IANA zone is ahead of UTC at an instant (negative west of Greenwich), to
// the second: the one place that turns a zone's wall clock into an offset.
export function timeZoneOffsetMs(instantMs: number, timeZone: string): number {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instantMs));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return local - Math.floor(instantMs / 1000) * 1000;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

// The same day of the month `months` later; a day the month lacks (31 Jan + 1 month) becomes its last day.
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
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
