import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { freePort, startApiProcess, waitFor, waitUntilUp } from './testing/api-process.ts';

// OpenTelemetry traces (issue 42, part 2): the real start (main.ts) exporting over OTLP/HTTP to a
// collector of the test's, on PostgreSQL (the pg driver is what is traced; PGlite is in-process).

type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: unknown[] };
type OtlpExport = {
  resourceSpans: Array<{ resource: { attributes: unknown[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
};

const onPostgres = Boolean(process.env.DATABASE_URL);
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_ID = '00f067aa0ba902b7';

function startCollector(): Promise<{ server: Server; port: number; exports: OtlpExport[]; paths: string[] }> {
  const exports: OtlpExport[] = [];
  const paths: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      exports.push(JSON.parse(body) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, exports, paths });
    }),
  );
}

const spansOf = (exports: OtlpExport[]) =>
  exports.flatMap((batch) =>
    batch.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
  );

describe.skipIf(!onPostgres)('traces over OTLP', () => {
  let database: TestDatabase | undefined;
  let api: ChildProcess | undefined;
  let collector: Awaited<ReturnType<typeof startCollector>> | undefined;
  afterAll(async () => {
    if (api?.exitCode === null) api.kill('SIGKILL');
    collector?.server.close();
    await database?.close();
  });

  // One whole Portal process starts (migrations): 5-60 s.
  it("exports a request's span by its route, under the caller's trace, with its PostgreSQL statements inside", async () => {
    database = await openTestDatabase();
    collector = await startCollector();
    const port = await freePort();
    api = startApiProcess({
      databaseUrl: database.url!,
      port,
      dataDir: mkdtempSync(join(tmpdir(), 'portal-traces-')),
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
        OTEL_SERVICE_NAME: 'portal-api-under-test',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
    });
    await waitUntilUp(port);

    // A query string holds what staff typed: never in a span.
    const answer = await fetch(`http://127.0.0.1:${port}/internal/api/health?ssn=123456789`, {
      headers: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` },
    });
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    // Probes are not traced: they would bury the rest.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    const spans = await waitFor('the request and its statement at the collector', async () => {
      const inTrace = spansOf(collector!.exports).filter((span) => span.traceId === TRACE_ID);
      return inTrace.some((span) => span.name.startsWith('pg.query')) &&
        inTrace.some((span) => span.name === 'GET /internal/api/health')
        ? inTrace
        : null;
    });
    const server = spans.find((span) => span.name === 'GET /internal/api/health')!;
    expect(server.parentSpanId).toBe(PARENT_ID);
    expect(JSON.stringify(server.attributes)).toContain(requestId!);
    // The statement is a descendant of the request's span.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const statement = spans.find((span) => span.name.startsWith('pg.query'))!;
    let ancestor: OtlpSpan | undefined = statement;
    while (ancestor && ancestor.spanId !== server.spanId) ancestor = byId.get(ancestor.parentSpanId ?? '');
    expect(ancestor?.spanId).toBe(server.spanId);
    expect(spansOf(collector.exports).some((span) => span.name.includes('readyz'))).toBe(false);
    expect(JSON.stringify(server.attributes)).toContain('REDACTED');
    expect(JSON.stringify(collector.exports)).not.toContain('123456789');
    expect(collector.paths[0]).toBe('POST /v1/traces application/json');
    expect(JSON.stringify(collector.exports[0]?.resourceSpans[0]?.resource.attributes)).toContain(
      'portal-api-under-test',
    );

    api.kill('SIGTERM');
    await waitFor('the process to stop', async () => api!.exitCode !== null);
  });
});
