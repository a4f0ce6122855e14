import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '@portal/contracts';
import type { DatabaseHandle } from '@portal/db';
import { loadConfig, type Config } from './config.ts';
import type { ServerContext } from './context.ts';
import { createAnalyticsModule, syncBusinessHours } from './modules/analytics/index.ts';
import { createApprovalsModule } from './modules/approvals/index.ts';
import { createBankruptcyNoticesModule } from './modules/bankruptcy-notices/index.ts';
import { createBlogModule } from './modules/blog/index.ts';
import { createCreditReportingModule, queueDisputeCorrection } from './modules/credit-reporting/index.ts';
import { createCustomerAppModule } from './modules/customer-app/index.ts';
import { createCustomerUploadsModule } from './modules/customer-uploads/index.ts';
import { createContactRulesModule, createMessageDoor } from './modules/contact-rules/index.ts';
import { carryOutSsnChange, createCustomersModule } from './modules/customers/index.ts';
import { createDeadlinesModule } from './modules/deadlines/index.ts';
import { createListExportsModule } from './modules/list-exports/index.ts';
import { createDisputesModule } from './modules/disputes/index.ts';
import { createDocumentsModule } from './modules/documents/index.ts';
import { createEvidencePackModule } from './modules/evidence-pack/index.ts';
import { createDutyAuditModule } from './modules/duty-audit/index.ts';
import { createGraphqlModule } from './modules/graphql/index.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createIdentificationsModule } from './modules/identifications/index.ts';
import { createInboundModule } from './modules/inbound/index.ts';
import { createIncomeModule } from './modules/income/index.ts';
import { createLettersModule } from './modules/letters/index.ts';
import { createLiveModule } from './modules/live/index.ts';
import { createLoansModule, loanApprovalCarriers } from './modules/loans/index.ts';
import { createMacroValuesModule } from './modules/macro-values/index.ts';
import { createMacrosModule } from './modules/macros/index.ts';
import { createNotesModule } from './modules/notes/index.ts';
import { createSessionModule } from './modules/session/index.ts';
import { createStaffModule } from './modules/staff/index.ts';
import { createSurveysModule } from './modules/surveys/index.ts';
import { createTicketsModule, findOpenTicketIdOfCustomer, syncSlaTargets } from './modules/tickets/index.ts';
import { createTransactionEmailsModule } from './modules/transaction-emails/index.ts';
import { createUserPageModule } from './modules/user-page/index.ts';
import { registerAuthentication } from './plugins/auth.ts';
import { answerClientError, answerFrameworkError } from './plugins/client-errors.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { fastifyTrustProxy, registerProxyWarning } from './plugins/proxy-warning.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { recordAuditEvent } from './platform/audit.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { createEmployeeOfflineRegistry } from './platform/employee-offline.ts';
import { logRedaction, serializeRequest } from './platform/log-redaction.ts';
import type { Mailer } from './platform/mail.ts';
import { createOutbox, type Outbox } from './platform/outbox.ts';
import { registerMultipart } from './platform/uploads.ts';
import type { PortalModule } from './platform/portal-module.ts';
import { createSecretBox, missingSecretBox } from './platform/secret-box.ts';
import type { SmsSender } from './platform/sms.ts';
import { createAppMetrics } from './platform/metrics.ts';
import { registerMetricsRoute, registerRequestMetrics } from './platform/metrics-route.ts';
import { registerRequestContext, REQUEST_ID_HEADER, requestIdFor } from './platform/request-context.ts';
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
  | 'slaTargets'
  | 'ticketLeaseMinutes'
  | 'undoSendSeconds'
  | 'paymentDateGraceDays'
  | 'contactRules'
  | 'customerAppUrl'
  | 'escalationContact'
  | 'flaggedRoutingNumbers'
  | 'ach'
  | 'bounceFeeCents'
  | 'approvals'
  | 'inboundEmailSecret'
  | 'metricsToken'
  | 'twilio'
  | 'outbox'
  | 'live'
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
  // SECRETS_KEY_PREVIOUS while a new key is rolled out (decision 072).
  previousSecretsKey?: Buffer | null;
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
    // One id per request, in the logs as request_id, on its audit events and queued messages
    // (platform/request-context.ts).
    genReqId: (request) => requestIdFor(request.headers[REQUEST_ID_HEADER]),
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
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
  registerErrorHandling(app, (event) => recordAuditEvent(deps.database.db, event));
  registerRequestContext(app);
  registerSecurityHeaders(app, stage);
  // Requests per route and their latency, the pool, the outbox and the queues, for GET /metrics
  // (issue 42, decision 071). The hook comes before every route, so every answer is counted.
  const metrics = createAppMetrics({ database: deps.database, clock: deps.clock ?? systemClock, log: app.log });
  registerRequestMetrics(app, metrics);
  registerProxyWarning(app, { stage, trustProxy: settings.trustProxy });

  // Where the database's first-response trigger reads the business hours (decision 034).
  if (await syncBusinessHours(deps.database.db, settings.businessTimeZone, settings.businessHours))
    app.log.info('Business hours changed: the adjusted first response times were worked out again.');
  // Where the database's reply-time clock reads the targets (decision 066).
  if (await syncSlaTargets(deps.database.db, settings.slaTargets))
    app.log.info('Reply-time targets changed: the running clocks were worked out again.');

  const clock = deps.clock ?? systemClock;
  // The work queues register with it (through the context); signing out and going offline release through it.
  const employeeOffline = createEmployeeOfflineRegistry();
  const session = createSessionModule({
    db: deps.database.db,
    stage,
    clock,
    limits: settings.signIn,
    cacheSeconds: settings.sessionCacheSeconds,
    secrets: deps.secretsKey ? createSecretBox(deps.secretsKey, deps.previousSecretsKey ?? null) : missingSecretBox,
    employeeOffline,
    escalationContact: settings.escalationContact,
  });
  const stopListening = await session.listenForChanges(deps.database, app.log);
  app.addHook('onClose', async () => {
    await stopListening();
  });
  registerAuthentication(app, session.service);
  // After authentication (hooks run in registration order): signed out is 401 before bad text is 400.
  registerTextInputCheck(app);
  // Every upload (disputes, notices, ACDV files, documents, blog images) is read by platform/uploads.ts.
  await registerMultipart(app);
  // Before the routes: the OpenAPI document is made from the routes as they are registered.
  await registerOpenApi(app);
  registerMetricsRoute(app, metrics, settings.metricsToken);

  const storage = deps.storage ?? createDirectoryStorage(join(tmpdir(), 'portal-files'));
  const outbox = createOutbox({
    db: deps.database.db,
    clock,
    mailer: deps.mailer ?? null,
    sms: deps.sms ?? null,
    storage,
    log: app.log,
    settings: settings.outbox,
    door: createMessageDoor(deps.database.db, { clock, contactRules: settings.contactRules }),
  });
  // The worker starts once the app is ready and stops (finishing the delivery under way) on close.
  app.addHook('onReady', async () => {
    outbox.start();
  });
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', outbox);

  const context: ServerContext = {
    db: deps.database.db,
    clock,
    businessTimeZone: settings.businessTimeZone,
    outbox,
    storage,
    ticketLeaseMinutes: settings.ticketLeaseMinutes,
    undoSendSeconds: settings.undoSendSeconds,
    employeeOffline,
    paymentDateGraceDays: settings.paymentDateGraceDays,
    contactRules: settings.contactRules,
    customerAppUrl: settings.customerAppUrl,
    escalationContact: settings.escalationContact,
    flaggedRoutingNumbers: settings.flaggedRoutingNumbers,
    ach: settings.ach,
    bounceFeeCents: settings.bounceFeeCents,
    approvals: settings.approvals,
    secretsKey: deps.secretsKey ?? null,
    previousSecretsKey: deps.previousSecretsKey ?? null,
    inbound: {
      twilioAuthToken: settings.twilio.authToken,
      emailSecret: settings.inboundEmailSecret,
      publicUrl: settings.publicUrl,
    },
  };
  const live = createLiveModule({
    db: deps.database.db,
    listen: deps.database.listen,
    sessions: session.service,
    settings: settings.live,
  });
  const stopLive = await live.start(app.log);
  // Before the server closes: open streams would otherwise keep it waiting.
  app.addHook('preClose', stopLive);

  const tickets = createTicketsModule(context);
  // The queue's shared counts and lists, kept a few seconds per process, are read fresh once any
  // process changed the queue, before the tabs told of it refetch.
  live.onRefresh('queue:tickets', tickets.forgetSharedViews);

  // Every module, made once (decision 045); each registers its own calls. The order is the order
  // of the routes (and of the OpenAPI document).
  const modules: PortalModule[] = [
    createHealthModule(context),
    session,
    tickets,
    createCustomersModule(context),
    createContactRulesModule(context),
    // Handed in: the tickets module uses loans, so loans gets tickets' answer from here (module-graph.ts).
    createLoansModule({ ...context, openTicketIdOf: findOpenTicketIdOfCustomer }),
    createApprovalsModule({
      ...context,
      carryOut: {
        ...loanApprovalCarriers({ ...context, openTicketIdOf: findOpenTicketIdOfCustomer }),
        ssn_change: carryOutSsnChange,
      },
    }),
    createDocumentsModule(context),
    createNotesModule(context),
    createUserPageModule(context),
    createLettersModule(context),
    createTransactionEmailsModule(context),
    createEvidencePackModule(context),
    createDutyAuditModule(context),
    createMacrosModule(context),
    createMacroValuesModule(context),
    // Credit reporting reads the disputes module, so disputes gets its command from here (decision 049).
    createDisputesModule({ ...context, queueDisputeCorrection }),
    createBankruptcyNoticesModule(context),
    createCreditReportingModule(context),
    createDeadlinesModule(context),
    createListExportsModule(context),
    createIdentificationsModule(context),
    createIncomeModule(context),
    createCustomerUploadsModule(context),
    createCustomerAppModule(context),
    createBlogModule(context),
    createSurveysModule(context),
    createGraphqlModule(context),
    createAnalyticsModule(context),
    createStaffModule({
      db: context.db,
      clock: context.clock,
      outbox,
      sessions: session.administration,
      stage,
      limits: settings.signIn,
      publicUrl: settings.publicUrl,
    }),
    createInboundModule(context),
    live,
  ];
  for (const module of modules) module.registerRoutes(app);
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
