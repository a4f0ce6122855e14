import { z } from 'zod';
import { defineCall } from './call.ts';

export const healthResponseSchema = z.object({ ok: z.literal(true) });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthCalls = {
  // For load balancers and the end-to-end runner: answers once the database answers (a public route).
  checkHealth: defineCall({ method: 'GET', path: 'health', access: 'public', response: healthResponseSchema }),
};
