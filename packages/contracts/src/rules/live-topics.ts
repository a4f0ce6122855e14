import type { Permission } from '../permissions.ts';

// The live stream's topics (issue 40, decision 063), apart from its schemas: the screens name what
// they follow with these, and load no schema for it.

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
