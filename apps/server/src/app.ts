import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Stage } from '@portal/contracts';
import type { DatabaseHandle } from '@portal/db';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerSessionRoutes } from './modules/session/routes.ts';
import { createSessionService, type SignInLimits } from './modules/session/service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './modules/session/session-cache.ts';
import { registerAuthentication } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { logRedaction } from './platform/log-redaction.ts';

export type AppDeps = {
  database: DatabaseHandle;
  clock?: Clock;
  stage?: Stage;
  publicUrl?: string | null;
  webDistDir?: string | null;
  logLevel?: string;
  trustProxy?: boolean;
  signInLimits?: SignInLimits;
  sessionCacheSeconds?: number;
};

export const defaultSignInLimits: SignInLimits = { windowMinutes: 15, maxFailuresPerEmail: 5, maxFailuresPerAddress: 20 };

// Builds the whole API (and the web app when a build is given). main.ts and every test use this.
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const stage = deps.stage ?? 'dev';
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'silent', redact: logRedaction },
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, stage);

  const cache = new SessionCache(deps.sessionCacheSeconds ?? 30);
  const stopListening = await deps.database.listen(SESSION_CHANGES_CHANNEL, (change) => cache.evict(change));
  app.addHook('onClose', async () => {
    await stopListening();
  });

  const sessions = createSessionService({
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    limits: deps.signInLimits ?? defaultSignInLimits,
    cache,
  });
  registerAuthentication(app, sessions);
  registerHealthRoutes(app, deps.database.db);
  registerSessionRoutes(app, sessions);

  if (deps.webDistDir) {
    await registerWebApp(app, { distDir: deps.webDistDir, stage, publicUrl: deps.publicUrl ?? null });
  }
  return app;
}
