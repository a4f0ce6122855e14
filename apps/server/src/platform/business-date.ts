import { isValidDate } from '@portal/contracts';
import type { Clock } from './clock.ts';

// Date-only values (YYYY-MM-DD) for business rules: "today" and weekdays are those of the
// business time zone (convention 6), whatever zone the server runs in.

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const partFormats = new Map<string, Intl.DateTimeFormat>();

// Formatters are costly to build and this runs on every queue call, so one per time zone.
function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(timeZone);
  if (!format) {
    format = make();
    cache.set(timeZone, format);
  }
  return format;
}

// The calendar date of an instant in a time zone.
export function dateInTimeZone(instant: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return cachedFormat(dateFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })).format(instant);
}

// How far local time is ahead of UTC at an instant (negative west of Greenwich).
function offsetMs(instant: number, timeZone: string): number {
  const format = cachedFormat(
    partFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }),
  );
  const parts = format.formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
  return local - Math.floor(instant / 1000) * 1000;
}

// The instant local midnight begins `date` in the time zone; checked twice so a DST change that
// day does not shift it by an hour.
export function startOfBusinessDay(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetMs(first, timeZone));
}

export function businessToday(clock: Clock, timeZone: string): string {
  return dateInTimeZone(clock.now(), timeZone);
}

export function isCalendarDate(date: string): boolean {
  return isValidDate(date);
}

// 0 = Sunday ... 6 = Saturday.
function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function isWeekday(date: string): boolean {
  const day = dayOfWeek(date);
  return day !== 0 && day !== 6;
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
