import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@portal/db';
import { seedDemoData, type DemoDataOptions } from '@portal/demo-data';

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Measurement = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

export type BenchDatabase = {
  url: string;
  // Opened (4 connections: the load goes to the server's own pool) and migrated, to write the run's data.
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

// A throwaway PostgreSQL database for one benchmark run, on the server DATABASE_URL names.
export async function createBenchDatabase(
  serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL,
): Promise<BenchDatabase> {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    open: async () => {
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
      await migrateDatabase(handle);
      return handle;
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

// A benchmark's run on its own throwaway database, opened for the run's data and dropped afterwards
// whatever happens.
export async function withBenchDatabase(
  run: (database: BenchDatabase, handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const database = await createBenchDatabase();
  try {
    await run(database, await database.open());
  } finally {
    await database.drop();
  }
}

// The demo customers a benchmark runs among, the seeding's progress written over one line.
export async function seedDemoCustomers(
  handle: DatabaseHandle,
  options: Pick<DemoDataOptions, 'customers' | 'sealSsn'>,
): Promise<void> {
  await seedDemoData(handle.db, { ...options, onProgress: (line) => process.stdout.write(`\r${line}`.padEnd(80)) });
}

// Runs a server script in its own process, so it does not share a core's event loop with the load.
export async function startServer(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(new URL(script, import.meta.url), { env: { ...process.env, ...env }, stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function measure(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  // A POST of this JSON body (a GraphQL query) instead of a GET.
  body?: string;
}): Promise<Measurement> {
  const request = {
    url: options.url,
    connections: options.connections,
    ...(options.body === undefined
      ? { headers: options.headers }
      : {
          method: 'POST' as const,
          body: options.body,
          headers: { ...options.headers, 'content-type': 'application/json' },
        }),
  };
  // A short warm-up first, so the JIT and the connection pools are ready before counting.
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon({ ...request, duration: options.seconds });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function formatMeasurement(label: string, measurement: Measurement): string {
  const rps = Math.round(measurement.requestsPerSecond).toLocaleString('en-US');
  return `${label.padEnd(38)} ${rps.padStart(9)} req/s   p50 ${measurement.p50} ms   p99 ${measurement.p99} ms   errors ${measurement.errors + measurement.non2xx}`;
}

// An employee's API token, signed in with the test password of createEmployee.
export async function signInEmployee(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/internal/api/employees/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ employee: { email, password } }),
  });
  const { apiToken } = (await response.json()) as { apiToken: string };
  return apiToken;
}

// Each employee is one connection with its own token, sending the next request as soon as the
// last is answered: to one URL, or (nextPath) to the path it gives for each request. The figures are
// summed (req/s) and the worst employee's percentiles kept, so the p99 printed is never better than
// any employee saw. A 2 s warm-up is not counted.
export type EmployeeTarget = {
  url: string;
  token: string;
  nextPath?: () => string;
  // A change instead of a read: sent with this method and each request's JSON body.
  method?: 'PATCH' | 'POST';
  nextBody?: () => string;
};

export async function measurePerEmployee(targets: EmployeeTarget[], seconds: number): Promise<Measurement> {
  const run = (duration: number) =>
    Promise.all(
      targets.map((target) =>
        autocannon({
          url: target.url,
          connections: 1,
          duration,
          headers: {
            authorization: `Bearer ${target.token}`,
            ...(target.nextBody ? { 'content-type': 'application/json' } : {}),
          },
          ...(target.nextPath || target.nextBody
            ? {
                requests: [
                  {
                    method: target.method ?? ('GET' as const),
                    setupRequest: (request) => ({
                      ...request,
                      ...(target.nextPath ? { path: target.nextPath() } : {}),
                      ...(target.nextBody ? { body: target.nextBody() } : {}),
                    }),
                  },
                ],
              }
            : {}),
        }),
      ),
    );
  await run(2);
  const results = await run(seconds);
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
  };
}

// The rows of a raw statement, whichever driver ran it (node-postgres answers { rows }).
export async function rowsOf<Row>(
  handle: { db: { execute: (query: SQL) => Promise<unknown> } },
  query: SQL,
): Promise<Row[]> {
  const result = await handle.db.execute(query);
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

// GET health back to back while `going()` holds: how long each answer took, as p50, p99 and max (ms).
export async function pollHealth(
  base: string,
  going: () => boolean,
): Promise<{ count: number; p50: number; p99: number; max: number }> {
  const latencies: number[] = [];
  while (going()) {
    const sent = performance.now();
    const response = await fetch(`${base}/internal/api/health`);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0) * 10) / 10;
  return { count: latencies.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}
