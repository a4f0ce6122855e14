import { z } from 'zod';
import { defineCall, FILE_RESPONSE } from './call.ts';

export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthCalls = {
  // For load balancers and the end-to-end runner: answers once the database answers (a public route).
  checkHealth: defineCall({ method: 'GET', path: 'health', access: 'public', response: healthResponseSchema }),
  // Liveness (issue 42): the process answers; it reads nothing, so a slow database never gets a live
  // process restarted. Also at /livez, where orchestrators look.
  checkLiveness: defineCall({
    method: 'GET',
    path: 'livez',
    access: 'public',
    response: healthResponseSchema,
    alsoAt: ['/livez'],
  }),
  // Readiness (issue 42): the database answers and every migration is applied; otherwise 503 with
  // why, so no traffic is sent to a process that cannot serve it. Also at /readyz.
  checkReadiness: defineCall({
    method: 'GET',
    path: 'readyz',
    access: 'public',
    response: healthResponseSchema,
    alsoAt: ['/readyz'],
  }),
  // Prometheus' text (issue 42): requests per route, the pool, the outbox, the work queues, upload
  // reads, event-loop lag. No session: the scraper sends METRICS_TOKEN as a bearer token, and
  // without METRICS_TOKEN set the route answers 503. Also at /metrics, where scrapers look.
  readMetrics: defineCall({
    method: 'GET',
    path: 'metrics',
    access: 'public',
    response: FILE_RESPONSE,
    alsoAt: ['/metrics'],
  }),
};
