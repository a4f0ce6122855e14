import { eq, sql } from 'drizzle-orm';
import { isInBusinessHours, type BusinessHours } from '@portal/contracts';
import { businessHours, type Database, type Executor } from '@portal/db';
import { recomputeSlaDueTimes, recountFirstResponseBusinessSeconds } from '../tickets/index.ts';

// The business hours the database's triggers count the rollups in (the analytics module's tables).

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
    await recountFirstResponseBusinessSeconds(tx);
    // The running reply-time clocks breach at other instants now.
    await recomputeSlaDueTimes(tx);
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
// at start), by the contracts' rule (isInBusinessHours), which the demo seed uses too. No hours
// stored: always open.
export async function isWithinBusinessHours(executor: Executor, at: Date): Promise<boolean> {
  const [row] = await executor
    .select({
      timeZone: businessHours.timeZone,
      days: businessHours.days,
      opensMinute: businessHours.opensMinute,
      closesMinute: businessHours.closesMinute,
    })
    .from(businessHours)
    .where(eq(businessHours.id, 1));
  return row ? isInBusinessHours(at, row, row.timeZone) : true;
}
