import { and, asc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  employeeDailyHandling,
  employeeDailyStats,
  employeeMonthlyHandling,
  employees,
  messageDailyCounts,
  messageHourlyCounts,
  ticketHourlyStats,
  type Executor,
} from '@portal/db';
import type { AnalyticsTimePeriod } from '@portal/contracts';
import type { MonthSplit } from './handling-median.ts';

// Read from the rollups the database keeps (decision 034), never from messages or tickets
// themselves: a year of messages is at most 366 days x 2 channels x 2 directions.

// The channels customers write and are written to (notifications are the Portal's own).
const CUSTOMER_CHANNELS = ['text', 'email'];

export async function countMessages(db: Executor, inbound: boolean, start: string, end: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${messageDailyCounts.messages}), 0)::int` })
    .from(messageDailyCounts)
    .where(
      and(
        eq(messageDailyCounts.inbound, inbound),
        inArray(messageDailyCounts.type, CUSTOMER_CHANNELS),
        gte(messageDailyCounts.day, start),
        lte(messageDailyCounts.day, end),
      ),
    );
  return row?.n ?? 0;
}

type PeriodCount = { bucket: string; type: string; messages: number };

// Messages of both directions per hour of one business day (the hourly rollup, read in the
// business time zone), by channel.
export async function countMessagesByHour(
  db: Executor,
  timeZone: string,
  from: Date,
  to: Date,
): Promise<PeriodCount[]> {
  const local = sql`${messageHourlyCounts.hour} at time zone ${timeZone}`;
  const bucket = sql<string>`to_char(${local}, 'YYYY-MM-DD"T"HH24:00')`;
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

// Messages of both directions per day, week (from Monday) or month of the range, by channel: the
// period's first day.
export async function countMessagesByPeriod(
  db: Executor,
  period: Exclude<AnalyticsTimePeriod, 'hour'>,
  start: string,
  end: string,
): Promise<PeriodCount[]> {
  const bucket = sql<string>`to_char(date_trunc(${period}, ${messageDailyCounts.day}), 'YYYY-MM-DD')`;
  return db
    .select({
      bucket: bucket.as('bucket'),
      type: messageDailyCounts.type,
      messages: sql<number>`sum(${messageDailyCounts.messages})::int`,
    })
    .from(messageDailyCounts)
    .where(and(gte(messageDailyCounts.day, start), lte(messageDailyCounts.day, end)))
    .groupBy(sql`1`, messageDailyCounts.type);
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

// Per employee over the business days start..end, in one statement: replies, tickets first worked,
// tickets closed and their total handling time, and the handling-time histogram of `split` (whole
// months and edge days), with their names, by name: the employees asked for (zeros for one who did
// nothing), or with no one asked, everyone who did something.
export function employeeFigures(
  db: Executor,
  start: string,
  end: string,
  split: MonthSplit,
  employeeIds: readonly number[],
) {
  const asked = employeeIds.length > 0;
  const totals = db.$with('totals').as(
    db
      .select({
        employeeId: employeeDailyStats.employeeId,
        replies: sql<number>`sum(${employeeDailyStats.replies})::int`.as('replies'),
        worked: sql<number>`sum(${employeeDailyStats.worked})::int`.as('worked'),
        closed: sql<number>`sum(${employeeDailyStats.closed})::int`.as('closed'),
        handlingSeconds: sql<number>`sum(${employeeDailyStats.handlingSeconds})::float8`.as('handling_seconds'),
      })
      .from(employeeDailyStats)
      .where(
        and(
          gte(employeeDailyStats.day, start),
          lte(employeeDailyStats.day, end),
          asked ? inArray(employeeDailyStats.employeeId, [...employeeIds]) : undefined,
        ),
      )
      .groupBy(employeeDailyStats.employeeId),
  );
  const buckets = handlingBuckets(db, split, employeeIds).as('buckets');
  const histograms = db.$with('histograms').as(
    db
      .select({
        employeeId: buckets.employeeId,
        // [start, tickets, handling seconds] per bucket.
        buckets: sql<
          Array<[number, number, number]>
        >`json_agg(json_build_array(${buckets.start}, ${buckets.tickets}, ${buckets.handlingSeconds}))`.as('buckets'),
      })
      .from(buckets)
      .groupBy(buckets.employeeId),
  );
  return db
    .with(totals, histograms)
    .select({
      employeeId: employees.id,
      name: employees.name,
      replies: sql<number>`coalesce(${totals.replies}, 0)`,
      worked: sql<number>`coalesce(${totals.worked}, 0)`,
      closed: sql<number>`coalesce(${totals.closed}, 0)`,
      handlingSeconds: sql<number>`coalesce(${totals.handlingSeconds}, 0)`,
      buckets: sql<Array<[number, number, number]>>`coalesce(${histograms.buckets}, '[]'::json)`,
    })
    .from(employees)
    .leftJoin(totals, eq(totals.employeeId, employees.id))
    .leftJoin(histograms, eq(histograms.employeeId, employees.id))
    .where(
      asked
        ? inArray(employees.id, [...employeeIds])
        : sql`${totals.replies} > 0 or ${totals.worked} > 0 or ${totals.closed} > 0`,
    )
    .orderBy(asc(employees.name), asc(employees.id));
}

// The closed tickets' handling-time histogram per employee: whole months from the monthly rollup,
// the days at either end from the daily one.
function handlingBuckets(db: Executor, split: MonthSplit, employeeIds: readonly number[]) {
  const monthly = db
    .select({
      employeeId: employeeMonthlyHandling.employeeId,
      bucket: employeeMonthlyHandling.bucket,
      tickets: employeeMonthlyHandling.tickets,
      handlingSeconds: employeeMonthlyHandling.handlingSeconds,
    })
    .from(employeeMonthlyHandling)
    .where(
      and(
        split.months.length > 0 ? inArray(employeeMonthlyHandling.month, split.months) : sql`false`,
        employeeIds.length > 0 ? inArray(employeeMonthlyHandling.employeeId, [...employeeIds]) : undefined,
      ),
    );
  const dayRanges: SQL[] = split.days.map(({ from, to }) =>
    and(gte(employeeDailyHandling.day, from), lte(employeeDailyHandling.day, to))!,
  );
  const daily = db
    .select({
      employeeId: employeeDailyHandling.employeeId,
      bucket: employeeDailyHandling.bucket,
      tickets: employeeDailyHandling.tickets,
      handlingSeconds: employeeDailyHandling.handlingSeconds,
    })
    .from(employeeDailyHandling)
    .where(
      and(
        dayRanges.length > 0 ? or(...dayRanges) : sql`false`,
        employeeIds.length > 0 ? inArray(employeeDailyHandling.employeeId, [...employeeIds]) : undefined,
      ),
    );
  const both = monthly.unionAll(daily).as('both');
  return db
    .select({
      employeeId: both.employeeId,
      start: sql<number>`handling_bucket_start(${both.bucket})::float8`.as('start'),
      tickets: sql<number>`sum(${both.tickets})::int`.as('tickets'),
      handlingSeconds: sql<number>`sum(${both.handlingSeconds})::float8`.as('handling_seconds'),
    })
    .from(both)
    .groupBy(both.employeeId, both.bucket)
    .having(sql`sum(${both.tickets}) > 0`);
}
