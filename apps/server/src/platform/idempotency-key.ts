import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';

// The Idempotency-Key header of a call that sends a message: the web client makes one per message
// it composes and sends it again with every retry of that message, so a retry after an answer that
// never arrived (or a 503 during the commit) answers the message already queued, never a second one.
const KEY = /^[A-Za-z0-9_:-]{8,100}$/;

export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 8 to 100 letters, digits, dashes, underscores or colons.';

export function readIdempotencyKey(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY.test(value)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
  return value;
}
