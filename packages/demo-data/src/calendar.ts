import {
  addMonths as addCalendarMonths,
  DAY_MS,
  DEFAULT_BUSINESS_TIME_ZONE,
  dateInTimeZone,
  timeZoneOffsetMs,
} from '@portal/contracts';

// Dates for the generator. Date-only values are day numbers (days since 1970-01-01), which makes
// "30 days before" plain arithmetic; timestamps are milliseconds, placed in business hours of the
// business time zone.

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

export const BUSINESS_TIME_ZONE = DEFAULT_BUSINESS_TIME_ZONE;

// Today's date (YYYY-MM-DD) in a time zone. Called once by whoever starts the generator; the
// generator itself never reads the clock.
export function todayInTimeZone(timeZone: string = BUSINESS_TIME_ZONE, now: Date = new Date()): string {
  return dateInTimeZone(now, timeZone);
}

export function parseDay(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${value}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = ms / DAY_MS;
  if (!Number.isInteger(day) || formatDayUncached(day) !== value) throw new Error(`Not a valid date: ${value}`);
  return day;
}

function formatDayUncached(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

// A few thousand distinct days cover every generated date, so the strings are made once each.
const dayStrings = new Map<number, string>();
export function formatDay(day: number): string {
  let text = dayStrings.get(day);
  if (text === undefined) {
    text = formatDayUncached(day);
    dayStrings.set(day, text);
  }
  return text;
}

// 0 = Sunday ... 6 = Saturday (1970-01-01 was a Thursday).
export function weekdayOf(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

// Payments fall due on business days: a Saturday or Sunday moves to the Monday.
export function nextBusinessDay(day: number): number {
  const weekday = weekdayOf(day);
  if (weekday === 6) return day + 2;
  if (weekday === 0) return day + 1;
  return day;
}

// The same day of the month `months` later by the product's own rule (@portal/contracts: a day the
// month lacks becomes its last day, so a loan funded on the 31st falls due on the 30th or the 28th
// and on the 31st again), so demo schedules look like the ones the Portal makes. Memoized: the
// generator asks for the same few thousand days over and over.
const monthSteps = new Map<number, number>();
export function addMonths(day: number, months: number): number {
  const key = day * 4096 + months;
  let result = monthSteps.get(key);
  if (result === undefined) {
    result = Date.parse(`${addCalendarMonths(formatDay(day), months)}T00:00:00Z`) / DAY_MS;
    monthSteps.set(key, result);
  }
  return result;
}

export function dayOfMonth(day: number): number {
  return new Date(day * DAY_MS).getUTCDate();
}

// The last day of the month before the one `day` falls in.
export function endOfPreviousMonth(day: number): number {
  const date = new Date(day * DAY_MS);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS - 1;
}

export type Clock = {
  // Today as a day number.
  today: number;
  // Midnight at the start of today in the business time zone: no generated timestamp is later,
  // so the data never lies in the future, whatever time of day it is seeded.
  nowMs: number;
  // A timestamp on `day` at the given local time of the business time zone.
  at: (day: number, hour: number, minute?: number) => number;
};

export function createClock(today: string, timeZone: string = BUSINESS_TIME_ZONE): Clock {
  const todayDay = parseDay(today);
  const offsets = new Map<number, number>();
  const offsetOf = (day: number): number => {
    let offset = offsets.get(day);
    if (offset === undefined) {
      offset = timeZoneOffsetMs(day * DAY_MS + 12 * HOUR_MS, timeZone);
      offsets.set(day, offset);
    }
    return offset;
  };
  const at = (day: number, hour: number, minute = 0): number =>
    day * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS - offsetOf(day);
  return { today: todayDay, nowMs: at(todayDay, 0), at };
}
