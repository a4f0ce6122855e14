import { startPortal } from './bench-steps.ts';
import { createBenchDatabase, DEFAULT_SERVER_URL, formatMeasurement, measure, startServer, stopServer } from './lib.ts';

// npm run bench: the hello-route baseline and the authenticated session route, on PostgreSQL, with
// autocannon at 50 connections. Target: the session route reaches 40% of the baseline.
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = '3901';
const serverUrl = process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
const base = `http://127.0.0.1:${PORT}`;

const database = await createBenchDatabase(serverUrl);
try {
  const hello = await startServer('./hello-server.ts', { PORT });
  const baseline = await measure({ url: `${base}/hello`, connections: CONNECTIONS, seconds: SECONDS });
  await stopServer(hello);

  const portal = await startPortal(PORT, database.url);
  const { createEmployeeForBench } = await import('./bench-employee.ts');
  const token = await createEmployeeForBench(database.url, base);
  const session = await measure({
    url: `${base}/internal/api/employees/session`,
    connections: CONNECTIONS,
    seconds: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  await stopServer(portal);

  console.log(`\nPostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each, ${new Date().toISOString()}`);
  console.log(formatMeasurement('GET /hello (plain Fastify)', baseline));
  console.log(formatMeasurement('GET /internal/api/employees/session', session));
  const ratio = session.requestsPerSecond / baseline.requestsPerSecond;
  console.log(
    `session / hello: ${(ratio * 100).toFixed(1)}% (target at least 40%) ${ratio >= 0.4 ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await database.drop();
}
