import { z } from 'zod';
import { defineCall } from './call.ts';
import type { Permission } from './permissions.ts';
import { bigDatabaseIdSchema, int32Schema } from './primitives.ts';
import { DAY_KINDS, DEADLINE_QUEUES, type DeadlineQueue } from './rules/deadlines.ts';

// The legal deadlines (issue 30, decision 047): every open item of the back-office queues by due
// date, and a legally required notice no channel carried, recorded as mailed on paper (issue 37).
// The calls that move a deadline live with their domain: the consumer's information on an ACDV
// (45 days) in credit-reporting.ts, the frivolous determination of a direct dispute and the notice
// that answers it in disputes.ts.

// The kind of days a deadline's days left are counted in (decision 047, issue 39).
export const dayKindSchema = z.enum(DAY_KINDS);

export const deadlineItemSchema = z.object({
  queue: z.enum(DEADLINE_QUEUES),
  // The item's id in its queue (an ACDV's, a dispute's, a notice's).
  id: z.number(),
  due_on: z.string(),
  // Days from today to due_on in the deadline's own kind of days (days_kind); negative once overdue.
  days_left: z.number(),
  days_kind: dayKindSchema,
  overdue: z.boolean(),
  title: z.string(),
  summary: z.string(),
  // The screen the item is worked on.
  link: z.string(),
});
export type DeadlineItem = z.infer<typeof deadlineItemSchema>;

export const deadlineCountSchema = z.object({
  queue: z.enum(DEADLINE_QUEUES),
  label: z.string(),
  open: z.number(),
  due_today: z.number(),
  overdue: z.number(),
});
export type DeadlineCount = z.infer<typeof deadlineCountSchema>;

// Who may see a queue's deadlines (issue 39): its desk's permission, or everyone where the desk is
// every agent's (disputes and bankruptcy notices are worked by any agent, spec 001; so is mailing a
// notice). An employee's own queues are the ones they may see; GET deadlines lists those unless
// asked for fewer.
export const DEADLINE_QUEUE_PERMISSIONS: Readonly<Record<DeadlineQueue, Permission | null>> = {
  acdv: 'credit_reporting.respond',
  dispute: null,
  dispute_frivolous_notice: null,
  bankruptcy_notice: null,
  notice_to_mail: null,
};

export function deadlineQueuesOf(held: readonly Permission[]): DeadlineQueue[] {
  return DEADLINE_QUEUES.filter((queue) => {
    const needed = DEADLINE_QUEUE_PERMISSIONS[queue];
    return needed === null || held.includes(needed);
  });
}

// A page of the list is at most this long; the next page starts after its last item (next_after).
export const DEADLINES_PAGE_SIZE = 100;
export const DEADLINES_MAX_PAGE_SIZE = 500;

// Where a page ends: the last item's due date, queue and id, the list's own order.
export type DeadlineCursor = { dueOn: string; queue: DeadlineQueue; id: number };
const CURSOR_PATTERN = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})~(${DEADLINE_QUEUES.join('|')})~(\\d{1,18})$`);

export function deadlineCursor(item: Pick<DeadlineItem, 'due_on' | 'queue' | 'id'>): string {
  return `${item.due_on}~${item.queue}~${item.id}`;
}

export function readDeadlineCursor(text: string): DeadlineCursor | null {
  const match = CURSOR_PATTERN.exec(text);
  return match ? { dueOn: match[1]!, queue: match[2] as DeadlineQueue, id: Number(match[3]) } : null;
}

// scope=due_now lists only the items overdue or due today (the counts are always of every open
// item of the queues listed): what the /deadlines screen shows. Notices to mail are listed whatever
// their due date: they are few, and no other screen lists them. queues: names separated by commas
// (the employee's own queues when left out). A page holds `limit` items; `after` is the previous
// page's next_after.
export const deadlinesQuerySchema = z.object({
  scope: z.enum(['all', 'due_now'], { error: "scope is 'all' or 'due_now'." }).default('all'),
  queues: z
    .string({ error: `queues is a list of queue names separated by commas: ${DEADLINE_QUEUES.join(', ')}.` })
    .optional()
    .transform((value) =>
      value === undefined
        ? []
        : value
            .split(',')
            .map((name) => name.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.enum(DEADLINE_QUEUES, { error: `Each queue is one of ${DEADLINE_QUEUES.join(', ')}.` }))),
  after: z
    .string()
    .optional()
    .refine((value) => value === undefined || readDeadlineCursor(value) !== null, {
      error: "after is the next_after of the page before (a due date, queue and id such as '2026-11-30~acdv~17').",
    }),
  limit: int32Schema({ min: 1, max: DEADLINES_MAX_PAGE_SIZE }).default(DEADLINES_PAGE_SIZE),
});
export type DeadlinesQuery = z.input<typeof deadlinesQuerySchema>;

export const deadlinesResponseSchema = z.object({
  // Today in the business time zone, as the deadlines were counted.
  today: z.string(),
  // The queues listed, and all those the employee may see (their own queues).
  queues: z.array(z.enum(DEADLINE_QUEUES)),
  own_queues: z.array(z.enum(DEADLINE_QUEUES)),
  // A page of the list, the earliest due first.
  items: z.array(deadlineItemSchema),
  // Where the next page starts, or null on the last page.
  next_after: z.string().nullable(),
  // One per queue listed, in DEADLINE_QUEUES order: every open item, not only this page's.
  counts: z.array(deadlineCountSchema),
});
export type DeadlinesResponse = z.infer<typeof deadlinesResponseSchema>;

// A legally required notice (its message's id) mailed on paper after no channel carried it.
export const noticeMailedBodySchema = z.object({ id: bigDatabaseIdSchema });
export type NoticeMailedBody = z.input<typeof noticeMailedBodySchema>;
export const noticeMailedResponseSchema = z.object({
  message: z.string(),
  id: z.number(),
  mailed_at: z.string(),
});
export type NoticeMailedResponse = z.infer<typeof noticeMailedResponseSchema>;

export const deadlineCalls = {
  deadlines: defineCall({
    method: 'GET',
    path: 'deadlines',
    access: 'signedIn',
    query: deadlinesQuerySchema,
    response: deadlinesResponseSchema,
  }),
  // Staff record that a legally required notice no channel carried was mailed on paper: any
  // signed-in employee may mail a letter.
  noticeMailed: defineCall({
    method: 'POST',
    path: 'deadlines/notice_mailed',
    access: 'signedIn',
    body: noticeMailedBodySchema,
    response: noticeMailedResponseSchema,
  }),
};
