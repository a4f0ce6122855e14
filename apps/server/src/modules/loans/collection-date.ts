import {
  isCalendarDate,
  isSelectablePaymentDate,
  isWeekday,
  latestCollectionDate,
  latestDateAfterMaturity,
} from '@portal/contracts';
import { badRequest } from '../../platform/http-error.ts';

// The rule of the payment date picker (spec 000 section 5, rules/payment-calendar.ts in contracts):
// weekdays only, minimum today, at most a year out. The rule decides; the sentences say which part
// of it a date breaks.
export function assertCollectionDate(date: string, today: string): void {
  if (isSelectablePaymentDate(date, today)) return;
  if (!isCalendarDate(date)) throw badRequest(`${date} is not a date on the calendar.`);
  if (!isWeekday(date))
    throw badRequest(`${date} falls on a weekend; payments are collected on weekdays (Monday to Friday).`);
  if (date < today) throw badRequest(`${date} is in the past; the earliest date is today, ${today}.`);
  throw badRequest(`${date} is more than a year out; the latest date is ${latestCollectionDate(today)}.`);
}

// A payment may move past the loan's maturity only by the configured grace (PAYMENT_DATE_GRACE_DAYS).
export function assertWithinMaturityGrace(
  date: string,
  loan: { id: number; maturity: string | null },
  graceDays: number,
): void {
  if (!loan.maturity) return;
  const latest = latestDateAfterMaturity(loan.maturity, graceDays);
  if (date > latest) {
    throw badRequest(
      `${date} is too late: loan ${loan.id} matures on ${loan.maturity}, and a payment may be moved at most ${graceDays} days past that, to ${latest}.`,
    );
  }
}
