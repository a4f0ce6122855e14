import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { messageHourlyCounts, ticketHourlyStats, type Executor } from '@portal/db';
import type { AnalyticsTimePeriod } from '@portal/contracts';

// Read from the hourly rollup (message_hourly_counts), never from messages itself: a year is at
// most 8,784 hours x 2 channels x 2 directions.

// The channels customers write and are written to (notifications are the Portal's own).
const CUSTOMER_CHANNELS = ['text', 'email'];

export async function countMessages(db: Executor, inbound: boolean, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${messageHourlyCounts.messages}), 0)::int` })
    .from(messageHourlyCounts)
    .where(
      and(
        eq(messageHourlyCounts.inbound, inbound),
        inArray(messageHourlyCounts.type, CUSTOMER_CHANNELS),
        gte(messageHourlyCounts.hour, from),
        lt(messageHourlyCounts.hour, to),
      ),
    );
  return row?.n ?? 0;
}

const BUCKET_FORMAT: Record<AnalyticsTimePeriod, string> = {
  hour: 'YYYY-MM-DD"T"HH24:00',
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM-DD',
};

// Messages of both directions per period (its start in the business time zone) and channel.
export async function countMessagesByPeriod(
  db: Executor,
  period: AnalyticsTimePeriod,
  timeZone: string,
  from: Date,
  to: Date,
): Promise<Array<{ bucket: string; type: string; messages: number }>> {
  const local = sql`${messageHourlyCounts.hour} at time zone ${timeZone}`;
  const bucket = sql<string>`to_char(date_trunc(${period}, ${local}), ${BUCKET_FORMAT[period]})`;
  return db
    .select({
      bucket: bucket.as('bucket'),
      type: messageHourlyCounts.type,
      messages: sql<number>`sum(${messageHourlyCounts.messages})::int`,
    })
    .from(messageHourlyCounts)
    .where(and(gte(messageHourlyCounts.hour, from), lt(messageHourlyCounts.hour, to)))
    .groupBy(sql`1`, messageHourlyCounts.type);
}

// Conversations started in the range and the first responses they have had: counts and sums.
export async function ticketStats(db: Executor, from: Date, to: Date) {
  const [row] = await db
    .select({
      tickets: sql<number>`coalesce(sum(${ticketHourlyStats.tickets}), 0)::int`,
      responded: sql<number>`coalesce(sum(${ticketHourlyStats.responded}), 0)::int`,
      responseSeconds: sql<number>`coalesce(sum(${ticketHourlyStats.responseSeconds}), 0)::float8`,
      businessResponseSeconds: sql<number>`coalesce(sum(${ticketHourlyStats.businessResponseSeconds}), 0)::float8`,
    })
    .from(ticketHourlyStats)
    .where(and(gte(ticketHourlyStats.hour, from), lt(ticketHourlyStats.hour, to)));
  return row ?? { tickets: 0, responded: 0, responseSeconds: 0, businessResponseSeconds: 0 };
}
