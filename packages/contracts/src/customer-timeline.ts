import { z } from 'zod';
import { defineCall } from './call.ts';
import { noteMentionSchema } from './notes.ts';
import { bigDatabaseIdSchema, int32Schema } from './primitives.ts';

// A customer's timeline on the user page (issue 40, decision 062): their messages, payments and
// returns, letters, disputes, internal notes and the staff actions of the audit, in one list, newest
// first, read a page at a time.

// What the list can be narrowed to; a return is shown with the payments.
export const TIMELINE_KINDS = ['message', 'payment', 'letter', 'dispute', 'note', 'staff_action'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const TIMELINE_KIND_LABELS: Readonly<Record<TimelineKind, string>> = {
  message: 'Messages',
  payment: 'Payments and returns',
  letter: 'Letters',
  dispute: 'Disputes',
  note: 'Notes',
  staff_action: 'Staff actions',
};

export const TIMELINE_PAGE_SIZE = 50;
export const TIMELINE_MAX_PAGE_SIZE = 200;

// Where a page ended: the last item's time to the microsecond (as the database keeps it), its
// source and its id, in the list's own order; opaque to clients, who hand next_before back.
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([a-z_]{1,20})~(\d{1,16})$/;
export type TimelineCursor = { at: string; source: string; id: number };

export const TIMELINE_CURSOR_MESSAGE = 'The before value must be the next_before of the page before.';

export function timelineCursor(cursor: TimelineCursor): string {
  return `${cursor.at}~${cursor.source}~${cursor.id}`;
}

export function readTimelineCursor(text: string): TimelineCursor | null {
  const match = CURSOR.exec(text);
  return match ? { at: match[1]!, source: match[2]!, id: Number(match[3]) } : null;
}

export const customerTimelineQuerySchema = z.object({
  user_id: bigDatabaseIdSchema,
  // Kinds separated by commas; every kind when left out or empty.
  kinds: z
    .string({ error: `kinds is a list separated by commas of: ${TIMELINE_KINDS.join(', ')}.` })
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(TIMELINE_KINDS, { error: `Each kind is one of ${TIMELINE_KINDS.join(', ')}.` }))),
  before: z
    .string()
    .optional()
    .refine((value) => value === undefined || readTimelineCursor(value) !== null, {
      error: TIMELINE_CURSOR_MESSAGE,
    }),
  limit: int32Schema({ min: 1, max: TIMELINE_MAX_PAGE_SIZE }).default(TIMELINE_PAGE_SIZE),
});
export type CustomerTimelineQuery = z.input<typeof customerTimelineQuerySchema>;

const base = {
  // Unique in the list ('message-12'), for the screen's keys.
  key: z.string(),
  at: z.string(),
};

export const timelineMessageSchema = z.object({
  ...base,
  kind: z.literal('message'),
  message_id: z.number(),
  ticket_id: z.number().nullable(),
  channel: z.enum(['text', 'email', 'notification']),
  inbound: z.boolean(),
  subject: z.string().nullable(),
  // The start of the text, SSN-like numbers masked.
  excerpt: z.string(),
  status: z.enum(['received', 'queued', 'sent', 'undelivered']),
  // Why it was not delivered, or why the outbox is retrying.
  error: z.string().nullable(),
  held_until: z.string().nullable(),
  // Who sent it: an employee, the Portal itself (auto_response), or the customer (inbound).
  employee_name: z.string().nullable(),
  auto_response: z.boolean(),
});

export const timelinePaymentSchema = z.object({
  ...base,
  kind: z.literal('payment'),
  payment_id: z.number(),
  loan_id: z.number(),
  amount: z.number(),
  method: z.string(),
  type: z.string(),
  due: z.string(),
  status: z.enum(['paid', 'processing', 'returned', 'invalid', 'refunded']),
});

export const timelineReturnSchema = z.object({
  ...base,
  kind: z.literal('return'),
  bounce_id: z.number(),
  payment_id: z.number(),
  loan_id: z.number(),
  return_code: z.string(),
  return_title: z.string(),
  // The day of the return (returns are kept by date; `at` is the start of that business day).
  returned_on: z.string(),
  amount: z.number(),
  fee: z.number(),
  fee_waived: z.boolean(),
});

export const timelineLetterSchema = z.object({
  ...base,
  kind: z.literal('letter'),
  document_id: z.number(),
  loan_id: z.number().nullable(),
  title: z.string(),
});

export const timelineDisputeSchema = z.object({
  ...base,
  kind: z.literal('dispute'),
  dispute_id: z.number(),
  loan_id: z.number().nullable(),
  type: z.string().nullable(),
  due_date: z.string(),
  resolved_at: z.string().nullable(),
  response_type: z.string().nullable(),
});

export const timelineNoteSchema = z.object({
  ...base,
  kind: z.literal('note'),
  note_id: z.number(),
  ticket_id: z.number().nullable(),
  author_name: z.string(),
  body: z.string(),
  mentions: z.array(noteMentionSchema),
});

export const timelineStaffActionSchema = z.object({
  ...base,
  kind: z.literal('staff_action'),
  event_id: z.number(),
  action: z.string(),
  // Who did it; null when the Portal did it by itself.
  employee_name: z.string().nullable(),
  // What was done, in words (never the audit's raw values; no SSN digits or bank account numbers).
  sentence: z.string(),
});

export const timelineItemSchema = z.discriminatedUnion('kind', [
  timelineMessageSchema,
  timelinePaymentSchema,
  timelineReturnSchema,
  timelineLetterSchema,
  timelineDisputeSchema,
  timelineNoteSchema,
  timelineStaffActionSchema,
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const customerTimelineResponseSchema = z.object({
  user_id: z.number(),
  // The kinds listed (every kind when none was asked for).
  kinds: z.array(z.enum(TIMELINE_KINDS)),
  items: z.array(timelineItemSchema),
  // `before` for the next (older) page, or null on the last one.
  next_before: z.string().nullable(),
});
export type CustomerTimelineResponse = z.infer<typeof customerTimelineResponseSchema>;

export const customerTimelineCalls = {
  customerTimeline: defineCall({
    method: 'GET',
    path: 'customer_timeline',
    access: 'signedIn',
    query: customerTimelineQuerySchema,
    response: customerTimelineResponseSchema,
  }),
};
