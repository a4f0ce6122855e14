import { addDays, addMonths } from '@portal/contracts';

// The median handling time from a histogram of handling times (employee_*_handling, decision 034):
// each bucket holds how many tickets and their total, so every ticket in a bucket is taken at the
// bucket's mean. Exact when the middle tickets are alone in their buckets (or the same); otherwise
// off by less than a bucket's width (an eighth of the value).

export type HandlingBucket = { start: number; tickets: number; handlingSeconds: number };

export function histogramMedian(buckets: readonly HandlingBucket[]): number | null {
  const filled = buckets.filter((bucket) => bucket.tickets > 0).sort((a, b) => a.start - b.start);
  const total = filled.reduce((sum, bucket) => sum + bucket.tickets, 0);
  if (total === 0) return null;
  const valueAt = (rank: number): number => {
    let seen = 0;
    for (const bucket of filled) {
      seen += bucket.tickets;
      if (rank <= seen) return bucket.handlingSeconds / bucket.tickets;
    }
    throw new Error(`rank ${rank} is past the histogram's ${total} tickets`);
  };
  const median = (valueAt(Math.floor((total + 1) / 2)) + valueAt(Math.ceil((total + 1) / 2))) / 2;
  return Math.round(median * 10) / 10;
}

export type MonthSplit = { months: string[]; days: Array<{ from: string; to: string }> };

// The calendar months wholly inside start..end (their first days), and the days left at either
// end: a year is read as about twelve monthly rows per bucket and a few edge days.
export function splitByWholeMonths(start: string, end: string): MonthSplit {
  const months: string[] = [];
  let month = start.endsWith('-01') ? start : firstOfNextMonth(start);
  while (addDays(firstOfNextMonth(month), -1) <= end) {
    months.push(month);
    month = firstOfNextMonth(month);
  }
  if (months.length === 0) return { months, days: [{ from: start, to: end }] };
  const days: MonthSplit['days'] = [];
  const first = months[0]!;
  if (start < first) days.push({ from: start, to: addDays(first, -1) });
  if (month <= end) days.push({ from: month, to: end });
  return { months, days };
}

function firstOfNextMonth(date: string): string {
  return addMonths(`${date.slice(0, 7)}-01`, 1);
}
