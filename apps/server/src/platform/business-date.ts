import { dateInTimeZone, timeZoneOffsetMs } from '@portal/contracts';
import type { Clock } from './clock.ts';

// The server's side of the business calendar (convention 6). The calendar rules themselves
// (weekdays, date arithmetic, the date of an instant in a zone) are shared with the web app in
// @portal/contracts (rules/payment-calendar.ts); what is here needs the server's clock or turns a
// business date back into an instant for a query.

// The instant local midnight begins `date` in the time zone; checked twice so a DST change that
// day does not shift it by an hour.
export function startOfBusinessDay(date: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const first = midnightUtc - timeZoneOffsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - timeZoneOffsetMs(first, timeZone));
}

// Today in the business time zone, by the server's clock.
export function businessToday(clock: Clock, timeZone: string): string {
  return dateInTimeZone(clock.now(), timeZone);
}
