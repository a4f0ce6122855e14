import {
  addDays,
  addMonths,
  analyticsTimePeriod,
  type AnalyticsCountResponse,
  type AnalyticsTimePeriod,
  type TextEmailResponse,
} from '@portal/contracts';
import type { AnalyticsDeps } from './deps.ts';
import type { AnalyticsRange } from './range.ts';
import * as repository from './repository.ts';

type AnalyticsContext = Pick<AnalyticsDeps, 'db' | 'businessTimeZone'>;

// total_inbound_messages / total_outbound_messages: every message of that direction created in the
// range, texts and emails, whatever became of it (an outbound one may still be queued).
export async function totalMessages(
  context: AnalyticsContext,
  range: AnalyticsRange,
  inbound: boolean,
): Promise<AnalyticsCountResponse> {
  return { count: await repository.countMessages(context.db, inbound, range.start, range.end) };
}

const pad = (n: number) => String(n).padStart(2, '0');

// Every period's key from the range's first day to its last, as the query writes them.
export function periodKeys(period: AnalyticsTimePeriod, start: string, end: string): string[] {
  if (period === 'hour') return Array.from({ length: 24 }, (_, hour) => `${start}T${pad(hour)}:00`);
  const keys: string[] = [];
  let key = periodStart(period, start);
  while (key <= end) {
    keys.push(key);
    key = period === 'day' ? addDays(key, 1) : period === 'week' ? addDays(key, 7) : addMonths(key, 1);
  }
  return keys;
}

function periodStart(period: 'day' | 'week' | 'month', date: string): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  // Weeks start on Monday (PostgreSQL's date_trunc('week')).
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

// text_email_analytics: texts and emails (both directions) per period of the range, every period
// present; a series not asked for (text or email false) is left out.
export async function textEmailAnalytics(
  context: AnalyticsContext,
  range: AnalyticsRange,
  series: { text: boolean; email: boolean },
): Promise<TextEmailResponse> {
  const period = analyticsTimePeriod(range.start, range.end);
  const rows =
    period === 'hour'
      ? await repository.countMessagesByHour(context.db, context.businessTimeZone, range.from, range.to)
      : await repository.countMessagesByPeriod(context.db, period, range.start, range.end);
  const data: TextEmailResponse['data'] = {};
  for (const key of periodKeys(period, range.start, range.end))
    data[key] = { ...(series.text ? { Texts: 0 } : {}), ...(series.email ? { Emails: 0 } : {}) };
  for (const row of rows) {
    const bucket = data[row.bucket];
    // A DST change can put an hour outside the day's 24 keys' names; it still belongs to the day.
    const entry = bucket ?? (data[row.bucket] = {});
    if (row.type === 'text' && series.text) entry.Texts = (entry.Texts ?? 0) + row.messages;
    if (row.type === 'email' && series.email) entry.Emails = (entry.Emails ?? 0) + row.messages;
  }
  return { metadata: { time_period: period }, data };
}
