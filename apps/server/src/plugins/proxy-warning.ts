import type { FastifyInstance } from 'fastify';
import type { Stage } from '@portal/contracts';
import type { TrustProxy } from '../config.ts';

export const PROXY_WARNING =
  "A request arrived through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every client then shares the proxy's " +
  'address for the sign-in rate limit, so failures from a few can lock out everyone. Behind your own proxies, set ' +
  'TRUST_PROXY to how many there are (TRUST_PROXY=1 behind one load balancer) or to their addresses.';

// Without TRUST_PROXY the client address is the peer's, which behind a proxy is the proxy's for
// everyone. Said once (main.ts builds one app per process), at the first forwarded request; never
// in dev, where a dev server's proxy is expected. The header is not trusted for anything here.
export function registerProxyWarning(app: FastifyInstance, options: { stage: Stage; trustProxy: TrustProxy }): void {
  if (options.stage === 'dev' || options.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && request.headers['x-forwarded-for'] !== undefined) {
      warned = true;
      request.log.warn({ proxyAddress: request.ip }, PROXY_WARNING);
    }
    done();
  });
}

// TRUST_PROXY as Fastify takes it. Fastify reads a bare hop count as "trust nobody" (it cannot tell
// a proxy from a client that connects directly and writes the header itself), so a count becomes
// the function "the last N hops are ours": right for a Portal reachable only through those N
// proxies; one reachable directly as well should list its proxies' addresses instead. With
// either, the client is the right-most address not trusted (proxy-addr walks from the right).
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return setting === 0 ? false : (_address, hop) => hop < setting;
  return setting === false ? false : [...setting];
}
