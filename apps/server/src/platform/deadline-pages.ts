import { and, count, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';

// One queue's share of a page of GET deadlines (modules/deadlines merges the queues, decision 047):
// its items after a point of the list in its own (due date, id) order, up to a due date, a page at
// most; and its counts, open, overdue and due today. Each owner runs these over its partial index on
// (due date, id), so a page and the counts cost the same whatever the queue's length.

export type DeadlinePageRequest = {
  // Resume after this (due date, id); null from the start.
  after: { dueOn: string; id: number } | null;
  // Only items due on or before this date (scope=due_now); null for all of them.
  dueOnOrBefore: string | null;
  limit: number;
};

export type DeadlineCounts = { open: number; overdue: number; dueToday: number };

// The window of a page over (due, id): a row comparison, which the index answers in order.
export function deadlineWindow(due: AnyColumn, id: AnyColumn, request: DeadlinePageRequest): SQL | undefined {
  return and(
    request.after === null ? undefined : sql`(${due}, ${id}) > (${request.after.dueOn}::date, ${request.after.id})`,
    request.dueOnOrBefore === null ? undefined : lte(due, request.dueOnOrBefore),
  );
}

// The counts of a queue by its due column, in one pass over its partial index.
export function deadlineCountColumns(due: AnyColumn, today: string) {
  return {
    open: count(),
    overdue: sql<number>`count(*) filter (where ${due} < ${today}::date)`.mapWith(Number),
    dueToday: sql<number>`count(*) filter (where ${due} = ${today}::date)`.mapWith(Number),
  };
}

export const NO_DEADLINES: DeadlineCounts = { open: 0, overdue: 0, dueToday: 0 };
