import { sql } from 'drizzle-orm';
import { createBenchEmployees, p99Verdict, settleDatabase, signInEmployees, startPortal } from './bench-steps.ts';
import { measurePaced } from './paced.ts';
import {
  formatMeasurement,
  measure,
  measurePerEmployee,
  seedDemoCustomers,
  startServer,
  stopServer,
  withBenchDatabase,
  type Measurement,
} from './lib.ts';

// npm run bench:users-search: GET users/search by ID, email, phone and name over 1,000,000
// customers on PostgreSQL, at 20 concurrent employees, each request for another customer (sampled
// from the data). Target: p99 under 20 ms each, with requests per second beside plain Fastify.
const EMPLOYEES = 20;
const CUSTOMERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SAMPLE = 5000;
// Looking a customer up is something an agent does a few times a minute; 5 a second each is far above.
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 5);
const PORT = '3903';
const base = `http://127.0.0.1:${PORT}`;

type Sample = { id: number; email: string; phone: string; first: string; last: string };

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  await seedDemoCustomers(handle, { customers: CUSTOMERS });
  await settleDatabase(handle);
  const emails = await createBenchEmployees(handle, { name: 'searcher', count: EMPLOYEES, roles: ['agent'] });
  const result = await handle.db.execute(
    sql`select id, email, phone_number as phone, first_name as first, last_name as last from customers
        tablesample system (5) where phone_number is not null limit ${SAMPLE}`,
  );
  const samples = ((result as unknown as { rows: Sample[] }).rows ?? (result as unknown as Sample[])).map((row) => ({
    ...row,
    id: Number(row.id),
  }));
  await handle.close();
  console.log(
    `\ndata: ${CUSTOMERS} customers seeded in ${((Date.now() - started) / 1000).toFixed(1)} s; ${samples.length} sampled`,
  );

  const hello = await startServer('./hello-server.ts', { PORT });
  const baseline = await measure({ url: `${base}/hello`, connections: EMPLOYEES, seconds: SECONDS });
  await stopServer(hello);

  const portal = await startPortal(PORT, database.url);
  const tokens = await signInEmployees(base, emails);
  // A phone typed as people type it, and a name in other letters' case: the server normalizes both.
  const kinds: Array<[string, (sample: Sample) => string]> = [
    ['ID', (sample) => searchPath('ID', String(sample.id))],
    ['email', (sample) => searchPath('email', sample.email.toUpperCase())],
    [
      'phone',
      (sample) =>
        searchPath('phone', `(${sample.phone.slice(0, 3)}) ${sample.phone.slice(3, 6)}-${sample.phone.slice(6)}`),
    ],
    ['name', (sample) => searchPath('name', `${sample.first.toLowerCase()} ${sample.last}`)],
  ];
  const results: Array<[string, Measurement, Measurement]> = [];
  for (const [kind, pathOf] of kinds) {
    let next = 0;
    const nextPath = () => pathOf(samples[next++ % samples.length]!);
    const flatOut = await measurePerEmployee(
      tokens.map((token) => ({ url: base, token, nextPath })),
      SECONDS,
    );
    const paced = await measurePaced(
      tokens.map((token) => ({ url: () => `${base}${nextPath()}`, token })),
      PACED_RATE,
      SECONDS,
    );
    results.push([kind, flatOut, paced]);
  }
  await stopServer(portal);

  console.log(
    `\nPostgreSQL, ${CUSTOMERS.toLocaleString('en-US')} customers, ${EMPLOYEES} concurrent employees, ${SECONDS} s each`,
  );
  console.log(formatMeasurement('GET /hello (plain Fastify)', baseline));
  for (const [kind, flatOut, paced] of results) {
    console.log(formatMeasurement(`users/search by ${kind}, flat out`, flatOut));
    console.log(formatMeasurement(`users/search by ${kind}, paced ${PACED_RATE}/s each`, paced));
  }
  for (const [kind, flatOut, paced] of results) {
    const share = ((flatOut.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
    console.log(
      `search by ${kind}: p99 flat out ${flatOut.p99} ms, paced ${paced.p99} ms (target under 20 ms: ${p99Verdict(flatOut, paced, 20)}); flat-out throughput ${share}% of hello`,
    );
  }
});

function searchPath(parameter: string, search: string): string {
  return `/internal/api/users/search?${new URLSearchParams({ parameter, search }).toString()}`;
}
