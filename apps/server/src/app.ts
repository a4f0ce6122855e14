import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@portal/contracts';
import type { DatabaseHandle } from '@portal/db';
import { loadConfig, type Config } from './config.ts';
import type { ServerContext } from './context.ts';
import { registerSsnRoutes } from './modules/customers/ssn-routes.ts';
import { registerBankruptcyNoticeRoutes } from './modules/bankruptcy-notices/index.ts';
import { registerCreditReportingRoutes } from './modules/credit-reporting/index.ts';
import { registerCustomerUploadRoutes } from './modules/customer-uploads/routes.ts';
import { registerCustomerAppRoutes } from './modules/customer-app/index.ts';
import { registerIdentificationRoutes } from './modules/identifications/index.ts';
import { registerIncomeRoutes } from './modules/income/index.ts';
import { registerGraphqlRoutes } from './modules/graphql/index.ts';
import { registerDisputeRoutes } from './modules/disputes/index.ts';
import { registerDocumentRoutes } from './modules/documents/routes.ts';
import { registerUserPageRoutes } from './modules/user-page/index.ts';
import { registerLetterRoutes } from './modules/letters/index.ts';
import { registerTransactionEmailRoutes } from './modules/transaction-emails/index.ts';
import { registerHealthRoutes } from './modules/health/routes.ts';
import { registerInboundRoutes } from './modules/inbound/routes.ts';
import { registerLoanRoutes } from './modules/loans/routes.ts';
import { registerLoanServicingRoutes } from './modules/loans/servicing-routes.ts';
import { registerMacroRoutes } from './modules/macros/routes.ts';
import { registerBlogRoutes } from './modules/blog/index.ts';
import { registerSurveyRoutes } from './modules/surveys/index.ts';
import { registerAnalyticsRoutes, syncBusinessHours } from './modules/analytics/index.ts';
import { createMacroService } from './modules/macros/service.ts';
import { registerStaffRoutes } from './modules/staff/routes.ts';
import { createStaffService } from './modules/staff/service.ts';
import { registerTicketRoutes } from './modules/tickets/routes.ts';
import { createTicketService } from './modules/tickets/service.ts';
import { findOpenTicketIdOfCustomer, registerTicketAccountRoutes } from './modules/tickets/index.ts';
import { registerSessionRoutes } from './modules/session/routes.ts';
import { createSessionService } from './modules/session/service.ts';
import { SESSION_CHANGES_CHANNEL, SessionCache } from './modules/session/session-cache.ts';
import { registerAuthentication } from './plugins/auth.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { fastifyTrustProxy, registerProxyWarning } from './plugins/proxy-warning.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createEmployeeOfflineRegistry } from './platform/employee-offline.ts';
import { logRedaction, serializeRequest } from './platform/log-redaction.ts';
import type { Mailer } from './platform/mail.ts';
import { createOutbox, type Outbox } from './platform/outbox.ts';
import { registerMultipart } from './platform/uploads.ts';
import { createSecretBox, missingSecretBox } from './platform/secret-box.ts';
import type { SmsSender } from './platform/sms.ts';
import { createDirectoryStorage, type FileStorage } from './platform/storage.ts';

// The settings buildApp reads, as the configuration has them (config.ts writes each default once).
export type AppSettings = Pick<
  Config,
  | 'stage'
  | 'publicUrl'
  | 'logLevel'
  | 'trustProxy'
  | 'signIn'
  | 'sessionCacheSeconds'
  | 'businessTimeZone'
  | 'businessHours'
  | 'ticketLeaseMinutes'
  | 'paymentDateGraceDays'
  | 'customerAppUrl'
  | 'escalationContact'
  | 'flaggedRoutingNumbers'
  | 'inboundEmailSecret'
  | 'twilio'
  | 'outbox'
>;

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    // The app's outbox, for the tests that run its deliveries by hand.
    outbox: Outbox;
  }
}

// The configuration with nothing set, as a start with an empty environment would have it.
const defaultSettings: AppSettings = loadConfig({});

export type AppDeps = {
  database: DatabaseHandle;
  // Any setting not given is the configuration's default.
  settings?: Partial<AppSettings>;
  clock?: Clock;
  // The built web app to serve; none (API only) when not given.
  webDistDir?: string | null;
  // null: not configured, so outbound messages stay in the outbox.
  mailer?: Mailer | null;
  sms?: SmsSender | null;
  storage?: FileStorage;
  // SECRETS_KEY (32 bytes); without it, anything that seals or opens a secret (MFA) fails.
  secretsKey?: Buffer;
  // Where the log goes (standard output by default); tests capture it.
  logStream?: { write: (line: string) => void };
};

// Builds the whole API (and the web app when a build is given). main.ts and every test use this.
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const settings: AppSettings = { ...defaultSettings, ...deps.settings };
  const { stage } = settings;
  const app = Fastify({
    logger: {
      level: settings.logLevel,
      redact: logRedaction,
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    // The client is the right-most address that is not one of our proxies (TRUST_PROXY).
    trustProxy: fastifyTrustProxy(settings.trustProxy),
    bodyLimit: 1024 * 1024,
    // Variants of a path reach the same route (and so the same access rule): letter case, a
    // trailing slash, doubled slashes. Percent-escapes are decoded by the router as always.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A URL the router or Node's HTTP parser cannot read still answers { errors: [...] } (decision 017).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerSecurityHeaders(app, stage);
  registerProxyWarning(app, { stage, trustProxy: settings.trustProxy });

  // Where the database's first-response trigger reads the business hours (decision 034).
  if (await syncBusinessHours(deps.database.db, settings.businessTimeZone, settings.businessHours))
    app.log.info('Business hours changed: the adjusted first response times were worked out again.');

  const cache = new SessionCache(settings.sessionCacheSeconds);
  const stopListening = await deps.database.listen(
    SESSION_CHANGES_CHANNEL,
    (change) => cache.evict(change),
    (listening) => {
      cache.setListening(listening);
      if (listening) app.log.info('Listening for session changes again; the session cache is back on.');
      else
        app.log.warn(
          'Lost the connection that listens for session changes; sessions are looked up every time until it is back.',
        );
    },
  );
  app.addHook('onClose', async () => {
    await stopListening();
  });

  // The work queues register with it (through the context); signing out and going offline release through it.
  const employeeOffline = createEmployeeOfflineRegistry();
  const sessions = createSessionService({
    db: deps.database.db,
    stage,
    clock: deps.clock ?? systemClock,
    limits: settings.signIn,
    cache,
    secrets: deps.secretsKey ? createSecretBox(deps.secretsKey) : missingSecretBox,
    employeeOffline,
  });
  registerAuthentication(app, sessions);
  // After authentication (hooks run in registration order): signed out is 401 before bad text is 400.
  registerTextInputCheck(app);
  // Every upload (disputes, notices, ACDV files, documents, blog images) is read by platform/uploads.ts.
  await registerMultipart(app);
  // Before the routes: the OpenAPI document is made from the routes as they are registered.
  await registerOpenApi(app);
  registerHealthRoutes(app, deps.database.db);
  registerSessionRoutes(app, sessions, settings.escalationContact);

  const storage = deps.storage ?? createDirectoryStorage(join(tmpdir(), 'portal-files'));
  const outbox = createOutbox({
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    mailer: deps.mailer ?? null,
    sms: deps.sms ?? null,
    storage,
    log: app.log,
    settings: settings.outbox,
  });
  // The worker starts once the app is ready and stops (finishing the delivery under way) on close.
  app.addHook('onReady', async () => {
    outbox.start();
  });
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', outbox);

  const context: ServerContext = {
    db: deps.database.db,
    clock: deps.clock ?? systemClock,
    businessTimeZone: settings.businessTimeZone,
    outbox,
    storage,
    ticketLeaseMinutes: settings.ticketLeaseMinutes,
    employeeOffline,
    threads: { openTicketIdOf: findOpenTicketIdOfCustomer },
    paymentDateGraceDays: settings.paymentDateGraceDays,
    customerAppUrl: settings.customerAppUrl,
    escalationContact: settings.escalationContact,
    flaggedRoutingNumbers: settings.flaggedRoutingNumbers,
    secretsKey: deps.secretsKey ?? null,
    inbound: {
      twilioAuthToken: settings.twilio.authToken,
      emailSecret: settings.inboundEmailSecret,
      publicUrl: settings.publicUrl,
    },
  };
  // Each service is built once, here, and shared by every route (and, later, GraphQL) that needs it.
  const tickets = createTicketService(context);
  const macros = createMacroService(context);
  registerTicketRoutes(app, context, tickets);
  registerTicketAccountRoutes(app, context, tickets);
  registerSsnRoutes(app, context);
  registerLoanRoutes(app, context);
  registerLoanServicingRoutes(app, context);
  registerDocumentRoutes(app, context);
  registerUserPageRoutes(app, context);
  registerLetterRoutes(app, context);
  registerTransactionEmailRoutes(app, context);
  registerMacroRoutes(app, macros);
  registerDisputeRoutes(app, context);
  registerBankruptcyNoticeRoutes(app, context);
  registerCreditReportingRoutes(app, context);
  registerIdentificationRoutes(app, context);
  registerIncomeRoutes(app, context);
  registerCustomerUploadRoutes(app, context);
  registerCustomerAppRoutes(app, context);
  registerBlogRoutes(app, context);
  registerSurveyRoutes(app, context);
  registerGraphqlRoutes(app, context);
  registerAnalyticsRoutes(app, context);
  registerStaffRoutes(
    app,
    createStaffService({ db: context.db, clock: context.clock, outbox, sessions, stage, limits: settings.signIn }),
    settings.publicUrl,
  );
  registerInboundRoutes(app, context);
  // Unknown API paths answer JSON (to a signed-in caller; others get 401), never the web app's page.
  const unknownApiPath = (request: FastifyRequest, reply: FastifyReply) => {
    reply.code(404).send({ errors: [`There is no ${request.method} ${request.url.split('?')[0]}.`] });
  };
  app.all(`${API_BASE_PATH}/*`, unknownApiPath);
  // The base itself (and, routes ignoring a trailing slash, "/internal/api/"), which the wildcard misses.
  app.all(API_BASE_PATH, unknownApiPath);
  // The spec's blog calls live under /api/blog (alsoAt); the rest of /api is not the web app either.
  app.all('/api/*', unknownApiPath);

  if (deps.webDistDir) {
    await registerWebApp(app, {
      distDir: deps.webDistDir,
      stage,
      publicUrl: settings.publicUrl,
      businessTimeZone: settings.businessTimeZone,
    });
  }
  return app;
}
