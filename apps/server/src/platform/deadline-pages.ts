import { and, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';

// One queue's share of a page of GET deadlines (modules/deadlines merges the queues, decision 047):
// its items after a point of the list in its own (due date, id) order, up to a due date, a page at
// most. Each owner runs it over its partial index on (due date, id), so a page costs the same
// whatever the queue's length. The counts (open, overdue, due today) are the deadlines module's.

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

export const NO_DEADLINES: DeadlineCounts = { open: 0, overdue: 0, dueToday: 0 };
