import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Stage } from '@portal/contracts';
import type { DatabaseHandle } from '@portal/db';
import type { ServerContext } from './context.ts';
import { registerCustomerRoutes } from './modules/customers/routes.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerInboundRoutes } from './modules/inbound/routes.ts';
import { registerLoanRoutes } from './modules/loans/routes.ts';
import { registerMacroRoutes } from './modules/macros/routes.ts';
import { registerTicketRoutes } from './modules/tickets/routes.ts';
import { registerUserRoutes } from './modules/users/routes.ts';
import { registerSessionRoutes } from './modules/session/routes.ts';
import { createSessionService, type SignInLimits } from './modules/session/service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './modules/session/session-cache.ts';
import { registerAuthentication } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { logRedaction } from './platform/log-redaction.ts';
import type { Mailer } from './platform/mail.ts';
import type { SmsSender } from './platform/sms.ts';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';

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
  businessTimeZone?: string;
  mailer?: Mailer | null;
  sms?: SmsSender | null;
  storage?: FileStorage;
  ticketLeaseMinutes?: number;
  customerAppUrl?: string;
  inbound?: Partial<ServerContext['inbound']>;
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
  app.setSerializerCompiler(responseSerializerCompiler);
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

  const context: ServerContext = {
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    businessTimeZone: deps.businessTimeZone ?? 'America/Los_Angeles',
    mailer: deps.mailer ?? null,
    sms: deps.sms ?? null,
    storage: deps.storage ?? createDirectoryStorage(join(tmpdir(), 'portal-files')),
    ticketLeaseMinutes: deps.ticketLeaseMinutes ?? 15,
    customerAppUrl: deps.customerAppUrl ?? 'https://app.portal.example',
    inbound: {
      twilioAuthToken: deps.inbound?.twilioAuthToken ?? null,
      emailSecret: deps.inbound?.emailSecret ?? null,
      publicUrl: deps.inbound?.publicUrl ?? deps.publicUrl ?? null,
    },
  };
  registerTicketRoutes(app, context);
  registerMacroRoutes(app, context);
  registerInboundRoutes(app, context);
  registerUserRoutes(app, context);
  registerLoanRoutes(app, context);
  registerCustomerRoutes(app, context);

  if (deps.webDistDir) {
    await registerWebApp(app, { distDir: deps.webDistDir, stage, publicUrl: deps.publicUrl ?? null });
  }
  return app;
}
