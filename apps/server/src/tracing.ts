import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';

// OpenTelemetry traces (issue 42, part 2; decision 071), on only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set: the requests the API answers (named by route, platform/request-context.ts), its PostgreSQL
// statements, its
// outbound HTTP (Twilio) and each delivery of the outbox (platform/outbox.ts), exported over
// OTLP/HTTP (JSON) to the endpoint's /v1/traces. A caller's W3C traceparent continues its trace.
// Imported first by the entry points (main.ts, the demo's start), before pg and Fastify load: the
// instrumentations patch those modules as they load. Off, nothing is patched and the tracing calls
// elsewhere are the API's no-ops.

// Polled by load balancers and Prometheus every few seconds: traces of them would bury the rest.
const UNTRACED_PATHS = new Set([
  '/livez',
  '/readyz',
  '/metrics',
  '/internal/api/livez',
  '/internal/api/readyz',
  '/internal/api/metrics',
]);

// A query string holds what staff typed (an SSN, a name, an email, a phone number): no span carries
// one, whatever its parameters are called (the instrumentation redacts only names it knows).
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full', 'url.query'] as const;
const withoutQueryStrings: SpanProcessor = {
  onStart: (span) => {
    for (const key of URL_ATTRIBUTES) {
      const value = span.attributes[key];
      if (typeof value !== 'string') continue;
      if (key === 'url.query') span.setAttribute(key, 'REDACTED');
      else if (value.includes('?')) span.setAttribute(key, `${value.slice(0, value.indexOf('?'))}?REDACTED`);
    }
  },
  onEnd: () => undefined,
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};

let provider: TracerProvider | null = null;

export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (provider || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return false;
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'portal-api' }),
    spanProcessors: [
      withoutQueryStrings,
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: scheduleDelay(env) }),
    ],
  });
  trace.setGlobalTracerProvider(provider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? ''),
      }),
      // A statement's text (parameters apart), never its values: they hold customers' data.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new UndiciInstrumentation(),
    ],
  });
  return true;
}

// OTEL_BSP_SCHEDULE_DELAY, the standard variable, in milliseconds: the 3.x SDK's batch processor no
// longer reads it itself. Anything but a whole number of 1 ms to 10 minutes is the default, 5 s.
function scheduleDelay(env: NodeJS.ProcessEnv): number {
  const milliseconds = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  return Number.isInteger(milliseconds) && milliseconds >= 1 && milliseconds <= 600_000 ? milliseconds : 5_000;
}

// Sends what is still batched; the start's shutdown awaits it before the process exits.
export async function stopTracing(): Promise<void> {
  await provider?.shutdown();
}

startTracing();
