import { addDays } from './dates.ts';
import { isWeekday, nextWeekday } from './payment-calendar.ts';

// Business days by the US federal holiday calendar (5 U.S.C. 6103), on date-only values
// (YYYY-MM-DD): the clock of the legal deadlines (issue 30). A holiday on a Saturday is kept on the
// Friday before, one on a Sunday on the Monday after (Executive Order 11582), so New Year's Day
// 2028, a Saturday, is kept on Friday 31 December 2027.

const pad = (value: number) => String(value).padStart(2, '0');
const dateOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

// The nth (1-based) given weekday (0 = Sunday) of a month; n = -1 is the last.
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0));
    return dateOf(year, month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return dateOf(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

// The day a fixed-date holiday is kept on.
function observed(date: string): string {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (day === 6) return addDays(date, -1);
  return nextWeekday(date);
}

// The eleven federal holidays of a year as they are kept, in date order (Juneteenth from 2021).
export function federalHolidays(year: number): string[] {
  const holidays = [
    observed(dateOf(year, 1, 1)), // New Year's Day
    nthWeekday(year, 1, 1, 3), // Birthday of Martin Luther King, Jr.
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    ...(year >= 2021 ? [observed(dateOf(year, 6, 19))] : []), // Juneteenth National Independence Day
    observed(dateOf(year, 7, 4)), // Independence Day
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(dateOf(year, 11, 11)), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving Day
    observed(dateOf(year, 12, 25)), // Christmas Day
  ];
  return holidays.sort();
}

// A date is a holiday when it is one of its own year's, or the next year's New Year's Day kept on 31 December.
export function isFederalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return federalHolidays(year).includes(date) || observed(dateOf(year + 1, 1, 1)) === date;
}

export function isBusinessDay(date: string): boolean {
  return isWeekday(date) && !isFederalHoliday(date);
}

// The business day `count` business days after `date` (before it, for a negative count); 0 answers
// the date itself when it is a business day, else the next one.
export function addBusinessDays(date: string, count: number): string {
  const step = count < 0 ? -1 : 1;
  let day = date;
  if (count === 0) {
    while (!isBusinessDay(day)) day = addDays(day, 1);
    return day;
  }
  for (let left = Math.abs(count); left > 0;) {
    day = addDays(day, step);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

// How many business days from `from` to `to`: those after `from`, up to and including `to`
// (negative when `to` is before `from`). addBusinessDays(from, businessDaysBetween(from, to)) is
// `to` for a business day `to`.
export function businessDaysBetween(from: string, to: string): number {
  if (to < from) return -businessDaysBetween(to, from);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return count;
}
