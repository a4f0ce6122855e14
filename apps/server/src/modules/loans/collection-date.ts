import { badRequest } from '../../platform/http-error.ts';
import { isCalendarDate, isWeekday } from '../../platform/business-date.ts';

// The rule of the payment date picker (spec 000 section 5): weekdays only, minimum today.
export function assertCollectionDate(date: string, today: string): void {
  if (!isCalendarDate(date)) throw badRequest(`${date} is not a date on the calendar.`);
  if (!isWeekday(date)) throw badRequest(`${date} falls on a weekend; payments are collected on weekdays (Monday to Friday).`);
  if (date < today) throw badRequest(`${date} is in the past; the earliest date is today, ${today}.`);
}
