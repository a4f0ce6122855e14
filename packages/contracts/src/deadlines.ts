import { z } from 'zod';
import { defineCall } from './call.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { DEADLINE_QUEUES } from './rules/deadlines.ts';

// The legal deadlines (issue 30, decision 047): every open item of the back-office queues by due
// date, and a legally required notice no channel carried, recorded as mailed on paper (issue 37).
// The calls that move a deadline live with their domain: the consumer's information on an ACDV
// (45 days) in credit-reporting.ts, the frivolous determination of a direct dispute and the notice
// that answers it in disputes.ts.

export const deadlineItemSchema = z.object({
  queue: z.enum(DEADLINE_QUEUES),
  // The item's id in its queue (an ACDV's, a dispute's, a notice's).
  id: z.number(),
  due_on: z.string(),
  // Business days from today to due_on; negative once overdue.
  days_left: z.number(),
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

// scope=due_now lists only the items overdue or due today (the counts are always of every open
// item): what the /deadlines screen shows, without carrying thousands of later items. Notices to
// mail are listed whatever their due date: they are few, and no other screen lists them.
export const deadlinesQuerySchema = z.object({
  scope: z.enum(['all', 'due_now'], { error: "scope is 'all' or 'due_now'." }).default('all'),
});
export type DeadlinesQuery = z.input<typeof deadlinesQuerySchema>;

export const deadlinesResponseSchema = z.object({
  // Today in the business time zone, as the deadlines were counted.
  today: z.string(),
  items: z.array(deadlineItemSchema),
  // One per queue, in DEADLINE_QUEUES order.
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
