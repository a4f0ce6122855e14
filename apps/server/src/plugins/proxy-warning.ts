import type { FastifyInstance } from 'fastify';
import type { Stage } from '@portal/contracts';

export const PROXY_WARNING =
  "A request arrived through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client then shares the proxy's " +
  'address for the sign-in rate limit, so failures from a few can lock out everyone. Behind your own proxy, set TRUST_PROXY=true.';

// Without TRUST_PROXY the client address is the peer's, which behind a proxy is the proxy's for
// everyone. Said once (main.ts builds one app per process), at the first forwarded request; never
// in dev, where a dev server's proxy is expected. The header is not trusted for anything here.
export function registerProxyWarning(app: FastifyInstance, options: { stage: Stage; trustProxy: boolean }): void {
  if (options.stage === 'dev' || options.trustProxy) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn({ proxyAddress: request.ip }, PROXY_WARNING);
    }
    done();
  });
}
