import type { FastifyRequest } from 'fastify';
import { requireSession } from '../plugins/auth.ts';

// Who is making a change, for its audit event.
export type Actor = { employeeId: number; ipAddress: string };

// The signed-in employee behind a request (401 without a session).
export function actorOf(request: FastifyRequest): Actor {
  return { employeeId: requireSession(request).employeeId, ipAddress: request.ip };
}
