import { sql } from 'drizzle-orm';
import { businessHours, type Database, type Executor } from '@portal/db';

// The hours the adjusted first response time counts (BUSINESS_HOURS, e.g. "Mon-Fri 08:00-17:00",
// in BUSINESS_TIME_ZONE; decision 034). Days are ISO weekdays, 1 Monday to 7 Sunday.
export type BusinessHours = { days: number[]; opensMinute: number; closesMinute: number };

export const DEFAULT_BUSINESS_HOURS = 'Mon-Fri 08:00-17:00';
const DAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

// "Mon-Fri 08:00-17:00", "Mon,Wed,Sat 09:30-13:00": days (a range or a list) and the local hours;
// null when it cannot be read.
export function parseBusinessHours(text: string): BusinessHours | null {
  const match = /^\s*([A-Za-z,-]+)\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})\s*$/.exec(text);
  if (!match) return null;
  const [, dayText, openHour, openMinute, closeHour, closeMinute] = match as unknown as string[];
  const dayOf = (name: string) => DAY_NAMES.indexOf(name.toLowerCase()) + 1;
  const days = new Set<number>();
  for (const part of dayText!.split(',')) {
    const [from, to] = part.split('-');
    const first = dayOf(from ?? '');
    const last = to === undefined ? first : dayOf(to);
    if (first === 0 || last === 0 || last < first) return null;
    for (let day = first; day <= last; day += 1) days.add(day);
  }
  const opensMinute = Number(openHour) * 60 + Number(openMinute);
  const closesMinute = Number(closeHour) * 60 + Number(closeMinute);
  if (Number(openMinute) > 59 || Number(closeMinute) > 59 || closesMinute > 24 * 60 || opensMinute >= closesMinute)
    return null;
  return { days: [...days].sort((a, b) => a - b), opensMinute, closesMinute };
}

// Writes the configured hours and zone where the database's triggers read them. When they changed,
// every answered ticket's business-hours response time and the hourly sums are worked out again
// (and with a new zone, the business-day rollups), in one transaction that holds the sums still
// (replies recorded meanwhile wait, then add on top).
export async function syncBusinessHours(db: Database, timeZone: string, hours: BusinessHours): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${businessHours} in share row exclusive mode`);
    const [current] = await tx.select().from(businessHours);
    const same =
      current &&
      current.timeZone === timeZone &&
      current.opensMinute === hours.opensMinute &&
      current.closesMinute === hours.closesMinute &&
      current.days.join(',') === hours.days.join(',');
    if (same) return false;
    const row = { id: 1, timeZone, days: hours.days, opensMinute: hours.opensMinute, closesMinute: hours.closesMinute };
    await tx.insert(businessHours).values(row).onConflictDoUpdate({ target: businessHours.id, set: row });
    if (current?.timeZone !== timeZone) {
      // Every business day's edges moved: the daily rollups are counted again from the rows.
      await tx.execute(sql`lock table message_daily_counts, employee_daily_stats, employee_daily_handling,
        employee_monthly_handling, employee_ticket_work in share row exclusive mode`);
      await tx.execute(sql`select rebuild_business_day_rollups()`);
    }
    await tx.execute(sql`lock table ticket_hourly_stats in share row exclusive mode`);
    await tx.execute(
      sql`update tickets set first_response_business_seconds = business_seconds(created_at, first_response_at) where first_response_at is not null`,
    );
    await tx.execute(sql`update ticket_hourly_stats set business_response_seconds = 0`);
    await tx.execute(sql`update ticket_hourly_stats set business_response_seconds = sums.total
      from (select date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour,
                   sum(first_response_business_seconds) as total
            from tickets where first_response_at is not null group by 1) as sums
      where ticket_hourly_stats.hour = sums.hour`);
    return true;
  });
}

// Whether an instant falls in the business hours the database holds (the configuration's, written
// at start): its local weekday and minute in the hours' time zone. No hours stored: always open.
export async function isWithinBusinessHours(executor: Executor, at: Date): Promise<boolean> {
  const [row] = await executor
    .select({
      open: sql<boolean>`extract(isodow from ${at.toISOString()}::timestamptz at time zone ${businessHours.timeZone})::smallint = any(${businessHours.days})
        and extract(hour from ${at.toISOString()}::timestamptz at time zone ${businessHours.timeZone}) * 60
          + extract(minute from ${at.toISOString()}::timestamptz at time zone ${businessHours.timeZone})
          between ${businessHours.opensMinute} and ${businessHours.closesMinute} - 1`,
    })
    .from(businessHours)
    .where(sql`${businessHours.id} = 1`);
  return row?.open ?? true;
}
