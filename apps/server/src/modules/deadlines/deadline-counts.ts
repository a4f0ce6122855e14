import { and, gt, inArray, sql } from 'drizzle-orm';
import type { DeadlineQueue } from '@portal/contracts';
import { deadlineCounts, type Executor } from '@portal/db';
import { NO_DEADLINES, type DeadlineCounts } from '../../platform/deadline-pages.ts';

// The counts of the queues whose items the database counts by due date (deadline_counts, kept by
// triggers as ACDVs, disputes and notices change: migration 0032), in one statement over a few
// hundred rows however many items are open. Notices to mail are not among them (list-deadlines.ts
// counts the few there are).
export async function findDeadlineCounts(
  db: Executor,
  queues: readonly DeadlineQueue[],
  today: string,
): Promise<Map<DeadlineQueue, DeadlineCounts>> {
  const counted = new Map<DeadlineQueue, DeadlineCounts>(queues.map((queue) => [queue, NO_DEADLINES]));
  if (queues.length === 0) return counted;
  const rows = await db
    .select({
      queue: deadlineCounts.queue,
      open: sql<number>`sum(${deadlineCounts.open})`.mapWith(Number),
      overdue:
        sql<number>`coalesce(sum(${deadlineCounts.open}) filter (where ${deadlineCounts.dueOn} < ${today}::date), 0)`.mapWith(
          Number,
        ),
      dueToday:
        sql<number>`coalesce(sum(${deadlineCounts.open}) filter (where ${deadlineCounts.dueOn} = ${today}::date), 0)`.mapWith(
          Number,
        ),
    })
    .from(deadlineCounts)
    .where(and(inArray(deadlineCounts.queue, [...queues]), gt(deadlineCounts.open, 0)))
    .groupBy(deadlineCounts.queue);
  for (const row of rows) counted.set(row.queue as DeadlineQueue, row);
  return counted;
}
