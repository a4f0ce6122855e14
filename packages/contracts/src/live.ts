import { z } from 'zod';
import { defineCall, FILE_RESPONSE } from './call.ts';
import type { Permission } from './permissions.ts';

// The live stream (issue 40, decision 063): one server-sent-events stream per browser tab, fed by
// PostgreSQL LISTEN/NOTIFY so that a change made through any API process reaches every tab. A tab
// says what it has open and what it follows (PUT live_watch); the stream then carries who else has
// those records open, who changed them, and that a queue's list changed.

// What a tab can follow, by kind: a record (kind:id), a queue's list (queue:name), or the
// employee's own mentions ('mentions').
export const LIVE_RECORD_KINDS = [
  'ticket',
  'customer',
  'dispute',
  'bankruptcy_notice',
  'acdv_request',
  'identity_review',
  'income_review',
] as const;
export type LiveRecordKind = (typeof LIVE_RECORD_KINDS)[number];

export const LIVE_QUEUES = [
  'tickets',
  'disputes',
  'bankruptcy_notices',
  'acdv_requests',
  'identity_reviews',
  'income_reviews',
] as const;
export type LiveQueue = (typeof LIVE_QUEUES)[number];

// Who may follow what: a record's or queue's presence and changes are its desk's, as its calls are.
// null: every signed-in employee (tickets, customers, disputes and notices are every agent's).
export const LIVE_RECORD_PERMISSIONS: Readonly<Record<LiveRecordKind, Permission | null>> = {
  ticket: null,
  customer: null,
  dispute: null,
  bankruptcy_notice: null,
  acdv_request: 'credit_reporting.respond',
  identity_review: 'identity.review',
  income_review: 'income.review',
};
export const LIVE_QUEUE_PERMISSIONS: Readonly<Record<LiveQueue, Permission | null>> = {
  tickets: null,
  disputes: null,
  bankruptcy_notices: null,
  acdv_requests: 'credit_reporting.respond',
  identity_reviews: 'identity.review',
  income_reviews: 'income.review',
};

export type LiveTopic = `${LiveRecordKind}:${number}` | `queue:${LiveQueue}` | 'mentions';

export function recordTopic(kind: LiveRecordKind, id: number): LiveTopic {
  return `${kind}:${id}`;
}
export function queueTopic(queue: LiveQueue): LiveTopic {
  return `queue:${queue}`;
}
export const MENTIONS_TOPIC = 'mentions' satisfies LiveTopic;

const RECORD_TOPIC = new RegExp(`^(${LIVE_RECORD_KINDS.join('|')}):([1-9][0-9]{0,15})$`);
const QUEUE_TOPIC = new RegExp(`^queue:(${LIVE_QUEUES.join('|')})$`);

export type ParsedTopic =
  | { type: 'record'; kind: LiveRecordKind; id: number }
  | { type: 'queue'; queue: LiveQueue }
  | { type: 'mentions' };

export function parseLiveTopic(topic: string): ParsedTopic | null {
  if (topic === MENTIONS_TOPIC) return { type: 'mentions' };
  const record = RECORD_TOPIC.exec(topic);
  if (record) return { type: 'record', kind: record[1] as LiveRecordKind, id: Number(record[2]) };
  const queue = QUEUE_TOPIC.exec(topic);
  if (queue) return { type: 'queue', queue: queue[1] as LiveQueue };
  return null;
}

// The permission a topic needs, null for any signed-in employee.
export function liveTopicPermission(topic: ParsedTopic): Permission | null {
  if (topic.type === 'record') return LIVE_RECORD_PERMISSIONS[topic.kind];
  if (topic.type === 'queue') return LIVE_QUEUE_PERMISSIONS[topic.queue];
  return null;
}

// A tab follows at most this many topics (a user page with many loans follows one topic per
// record it shows, not per payment), and has at most this many records open at once.
export const LIVE_MAX_TOPICS = 50;
export const LIVE_MAX_OPEN = 5;

const topicSchema = z.string().max(40);

export const liveWatchRequestSchema = z.object({
  // The stream's id, as its hello event gave it.
  stream: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'That is not a live stream id.'),
  // The records the tab has open: others see the employee there (presence).
  open: z.array(topicSchema).max(LIVE_MAX_OPEN),
  // What else it follows: records' changes and queues' lists.
  follow: z.array(topicSchema).max(LIVE_MAX_TOPICS),
});
export type LiveWatchRequest = z.infer<typeof liveWatchRequestSchema>;

export const liveWatchResponseSchema = z.object({
  // What the stream now carries; a topic the employee may not follow, or that is not one, is left out.
  open: z.array(z.string()),
  follow: z.array(z.string()),
  refused: z.array(z.string()),
});
export type LiveWatchResponse = z.infer<typeof liveWatchResponseSchema>;

export const liveEmployeeSchema = z.object({ id: z.number(), name: z.string() });
export type LiveEmployee = z.infer<typeof liveEmployeeSchema>;

// The stream's events (`event:` name and JSON `data:`).
export const liveEventSchemas = {
  // First on every stream: its id, for live_watch.
  hello: z.object({ stream: z.string() }),
  // Who has an open record open now (the employee's own tabs included: the client leaves itself out).
  presence: z.object({ topic: z.string(), viewers: z.array(liveEmployeeSchema) }),
  // A record changed: who changed it (null: the customer or the system) and when.
  change: z.object({ topic: z.string(), by: liveEmployeeSchema.nullable(), at: z.string(), action: z.string() }),
  // A queue's list changed, or a new mention arrived: refetch.
  refresh: z.object({ topic: z.string() }),
} as const;
export type LiveEventName = keyof typeof liveEventSchemas;
export type LiveEvent = {
  [Name in LiveEventName]: { event: Name; data: z.infer<(typeof liveEventSchemas)[Name]> };
}[LiveEventName];

export const liveCalls = {
  // text/event-stream; the bearer token in the Authorization header (or the token query field).
  stream: defineCall({ method: 'GET', path: 'live', access: 'signedIn', response: FILE_RESPONSE }),
  watch: defineCall({
    method: 'PUT',
    path: 'live_watch',
    access: 'signedIn',
    body: liveWatchRequestSchema,
    response: liveWatchResponseSchema,
  }),
} as const;
