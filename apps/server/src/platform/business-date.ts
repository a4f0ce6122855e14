import { dateInTimeZone } from '@portal/contracts';
import type { Clock } from './clock.ts';

// The server's side of the business calendar (convention 6). The calendar rules themselves
// (weekdays, date arithmetic, the date of an instant in a zone) are shared with the web app in
// @portal/contracts (rules/payment-calendar.ts); what is here needs the server's clock or turns a
// business date back into an instant for a query.

const partFormats = new Map<string, Intl.DateTimeFormat>();

// Formatters are costly to build and this runs on every queue call, so one per time zone.
function partFormat(timeZone: string): Intl.DateTimeFormat {
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
  return format;
}

// How far local time is ahead of UTC at an instant (negative west of Greenwich).
function offsetMs(instant: number, timeZone: string): number {
  const parts = partFormat(timeZone).formatToParts(new Date(instant));
  const value = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const local = Date.UTC(
    value('year'),
    value('month') - 1,
    value('day'),
    value('hour'),
    value('minute'),
    value('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

// The instant local midnight begins `date` in the time zone; checked twice so a DST change that
// day does not shift it by an hour.
export function startOfBusinessDay(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - offsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetMs(first, timeZone));
}

// Today in the business time zone, by the server's clock.
export function businessToday(clock: Clock, timeZone: string): string {
  return dateInTimeZone(clock.now(), timeZone);
}
