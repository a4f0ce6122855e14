import { z } from 'zod';
import { defineCall, FILE_RESPONSE } from './call.ts';
import { LIVE_MAX_OPEN, LIVE_MAX_TOPICS } from './rules/live-topics.ts';

// The live stream (issue 40, decision 063): one server-sent-events stream per browser tab, fed by
// PostgreSQL LISTEN/NOTIFY so that a change made through any API process reaches every tab. A tab
// says what it has open and what it follows (PUT live_watch); the stream then carries who else has
// those records open, who changed them, and that a queue's list changed.

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
