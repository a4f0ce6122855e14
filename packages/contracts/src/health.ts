import { z } from 'zod';
import { defineCall } from './call.ts';

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
};
