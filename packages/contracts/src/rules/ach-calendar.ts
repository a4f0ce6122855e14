import { addBusinessDays, isBusinessDay } from './business-days.ts';
import { dateInTimeZone, timeZoneOffsetMs } from './dates.ts';

// Which day an ACH file goes to the bank and which day its entries settle (issue 41): a file built
// on a business day before the bank's cut-off goes that day; one built after it, or on a weekend or
// federal holiday, goes on the next business day. Its entries settle the business day after the day
// it goes, and it carries the ACH payments due from the day it goes through that settlement day (a
// payment due on a weekend or holiday goes with the business day before it settles).
export type AchDays = { processingDate: string; effectiveDate: string };

export function achDays(now: Date, timeZone: string, cutoffMinute: number): AchDays {
  const today = dateInTimeZone(now, timeZone);
  const local = new Date(now.getTime() + timeZoneOffsetMs(now.getTime(), timeZone));
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const processingDate = isBusinessDay(today) && minute < cutoffMinute ? today : addBusinessDays(today, 1);
  return { processingDate, effectiveDate: addBusinessDays(processingDate, 1) };
}
