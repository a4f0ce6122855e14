import { addDays, analyticsRangeProblems, type AnalyticsRangeQuery } from '@portal/contracts';
import type { AnalyticsDeps } from './deps.ts';
import { businessToday, startOfBusinessDay } from '../../platform/business-date.ts';
import { unprocessable } from '../../platform/http-error.ts';

export type AnalyticsRange = { start: string; end: string; from: Date; to: Date };

// The range asked, as business dates and as the instants they span (from the start of the first
// day to the start of the day after the last, in the business time zone); 422 with the sentences
// when it goes after today or starts after it ends.
export function readRange(
  context: Pick<AnalyticsDeps, 'clock' | 'businessTimeZone'>,
  query: AnalyticsRangeQuery,
): AnalyticsRange {
  const { start_date: start, end_date: end } = query;
  const problems = analyticsRangeProblems(start, end, businessToday(context.clock, context.businessTimeZone));
  if (problems.length > 0) throw unprocessable(problems);
  return {
    start,
    end,
    from: startOfBusinessDay(start, context.businessTimeZone),
    to: startOfBusinessDay(addDays(end, 1), context.businessTimeZone),
  };
}
