import { z } from 'zod';
import { defineCall, needs } from './call.ts';
import { realDateSchema } from './credit-reporting.ts';
import { bigDatabaseIdSchema } from './primitives.ts';
import { CONTROL_NUMBER_MAX_LENGTH, isControlNumber } from './rules/credit-reporting.ts';
import { DEADLINE_QUEUES } from './rules/deadlines.ts';

// The legal deadlines (issue 30, decision 047): every open item of the back-office queues by due
// date, and the calls that move a deadline: the consumer's information on an ACDV (45 days), the
// frivolous determination of a direct dispute and the notice that answers it, and a legally
// required notice no channel carried, recorded as mailed on paper (issue 37).

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

const controlNumberSchema = z
  .string({ error: 'control_number is required.' })
  .trim()
  .min(1, 'control_number is required.')
  .refine(
    isControlNumber,
    `A control number is letters, digits and dashes, at most ${CONTROL_NUMBER_MAX_LENGTH} characters.`,
  );

// The ACDV is named by its control number, as on every other ACDV call (its row id is not on the wire).
export const acdvConsumerInfoBodySchema = z.object({
  control_number: controlNumberSchema,
  // The day the consumer's information came in.
  received_on: realDateSchema,
});
export type AcdvConsumerInfoBody = z.input<typeof acdvConsumerInfoBodySchema>;
export const acdvConsumerInfoResponseSchema = z.object({
  message: z.string(),
  control_number: z.string(),
  consumer_info_added_on: z.string(),
  response_due_on: z.string(),
  days_left: z.number(),
});
export type AcdvConsumerInfoResponse = z.infer<typeof acdvConsumerInfoResponseSchema>;

export const markFrivolousBodySchema = z.object({
  id: bigDatabaseIdSchema,
  reason: z
    .string({ error: 'Say why the dispute is frivolous or irrelevant.' })
    .trim()
    .min(1, 'Say why the dispute is frivolous or irrelevant.')
    .max(1000, 'The reason can be at most 1000 characters.'),
});
export type MarkFrivolousBody = z.input<typeof markFrivolousBodySchema>;
export const frivolousNoticeSentBodySchema = z.object({ id: bigDatabaseIdSchema });
export type FrivolousNoticeSentBody = z.input<typeof frivolousNoticeSentBodySchema>;
export const frivolousDisputeResponseSchema = z.object({
  message: z.string(),
  id: z.number(),
  frivolous_at: z.string(),
  frivolous_reason: z.string(),
  // The notice's deadline (5 business days after the determination), and when it was sent.
  notice_due_on: z.string(),
  notice_sent_at: z.string().nullable(),
});
export type FrivolousDisputeResponse = z.infer<typeof frivolousDisputeResponseSchema>;

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
  // Records the day the consumer's information came and moves the response to the 45-day date.
  acdvConsumerInfo: defineCall({
    method: 'PATCH',
    path: 'fcra/acdv_consumer_info',
    access: needs('credit_reporting.respond'),
    body: acdvConsumerInfoBodySchema,
    response: acdvConsumerInfoResponseSchema,
  }),
  // The holder of the dispute finds it frivolous or irrelevant (12 CFR 1022.43(f)).
  markDisputeFrivolous: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/mark_frivolous',
    access: 'signedIn',
    body: markFrivolousBodySchema,
    response: frivolousDisputeResponseSchema,
  }),
  // Staff record that the notice of the determination went to the consumer.
  frivolousNoticeSent: defineCall({
    method: 'PATCH',
    path: 'disputes_dashboard/frivolous_notice_sent',
    access: 'signedIn',
    body: frivolousNoticeSentBodySchema,
    response: frivolousDisputeResponseSchema,
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
