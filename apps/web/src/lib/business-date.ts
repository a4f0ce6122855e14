import { DEFAULT_BUSINESS_TIME_ZONE, dateInTimeZone } from '@portal/contracts';
import { readMetaContent } from './page-meta.ts';

// The lender's business time zone (the server's BUSINESS_TIME_ZONE, told in a meta tag), so that
// "today" on the date pickers is the server's today, whatever zone the employee's computer is in.
export function businessTimeZone(): string {
  return readMetaContent('portal-business-time-zone') ?? DEFAULT_BUSINESS_TIME_ZONE;
}

export function businessToday(now: Date = new Date()): string {
  return dateInTimeZone(now, businessTimeZone());
}
