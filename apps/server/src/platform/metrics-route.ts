import type { FastifyInstance } from 'fastify';
import { healthCalls } from '@portal/contracts';
import { secretsMatch } from './constant-time.ts';
import { HttpError, unauthorized } from './http-error.ts';
import type { AppMetrics } from './metrics.ts';
import { registerCall } from './register-call.ts';

export const METRICS_MESSAGES = {
  off: 'Metrics are off on this server: set METRICS_TOKEN (at least 16 characters) and send it as a bearer token.',
  badToken: 'GET /metrics needs the bearer token set in METRICS_TOKEN.',
};

// GET /metrics (issue 42, decision 071): never to the public. No session (a scraper has none), but
// the bearer token METRICS_TOKEN, compared in constant time; unset, the route answers 503.
export function registerMetricsRoute(app: FastifyInstance, metrics: AppMetrics, token: string | null): void {
  registerCall(app, healthCalls.readMetrics, async (request, reply) => {
    if (!token) throw new HttpError(503, METRICS_MESSAGES.off);
    const header = request.headers.authorization ?? '';
    const given = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!secretsMatch(given, token)) throw unauthorized(METRICS_MESSAGES.badToken);
    const { contentType, text } = await metrics.render();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
}

// Every answer counted and timed by its route's pattern (never the raw URL: ids would make a
// series per customer); a request no route matched counts as 'unmatched'.
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
