import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';

// The request id (issue 42, decision 071): one id per request, in its log lines (request_id), on
// every audit event it records and every message it queues (request_id columns), and answered in
// X-Request-Id, so an operator follows one request from the log to the audit to the outbox's
// delivery. A proxy's X-Request-Id is kept when it looks like an id (a load balancer's trace
// follows through); anything else, or none, gets a fresh UUID: a caller cannot write log lines.

const store = new AsyncLocalStorage<{ requestId: string }>();
const GIVEN_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdFor(given: string | string[] | undefined): string {
  return typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID();
}

// The id of the request whose work is running now, or null outside one (the outbox's worker, a
// start-up step, a command).
export function currentRequestId(): string | null {
  return store.getStore()?.requestId ?? null;
}

// Runs `work` outside any request: what it starts (the outbox's delivery a request nudged) belongs
// to no request, so its audit events and log lines carry none.
export function outsideRequest<T>(work: () => T): T {
  return store.exit(work);
}

// Everything a request's handlers run (hooks, services, the transaction's writes) sees its id.
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    // With tracing on (tracing.ts), the request's span is named by its route pattern, never its
    // path (ids in paths would make every span a name of its own), and carries the request id.
    const span = trace.getActiveSpan();
    if (span) {
      const route = request.routeOptions.url ?? 'unmatched route';
      span.updateName(`${request.method} ${route}`);
      span.setAttributes({ 'http.route': route, 'portal.request_id': request.id });
    }
    store.run({ requestId: request.id }, done);
  });
}
