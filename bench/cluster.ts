import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { createBenchEmployees, settleDatabase, signInEmployees } from './bench-steps.ts';
import { generateBenchTickets } from './generate-tickets.ts';
import {
  formatMeasurement,
  measurePerEmployee,
  rowsOf,
  seedDemoCustomers,
  withBenchDatabase,
  type Measurement,
} from './lib.ts';

// npm run bench:cluster, on PostgreSQL (issue 42, decision 071): the real start (main.ts) with
// WEB_CONCURRENCY=1, then =2, in one run on one database, and GET tickets flat out for 20 agents
// (one connection each) against each: the throughput side by side and their ratio. The load comes
// from this process, on the same machine: what it takes of the cores is taken from the Portal's.
const EMPLOYEES = 20;
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// The runs, in order: BENCH_PROCESSES=2,1 measures two processes first (to see an order effect).
const RUNS = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
const PORT = '3914';
const base = `http://127.0.0.1:${PORT}`;

// main.ts with `processes` API processes; answers once each has said it runs and /readyz is 200.
async function startPortalProcesses(databaseUrl: string, processes: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [new URL('../apps/server/src/main.ts', import.meta.url).pathname], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(processes),
      PORT,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-bench-cluster-')),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while ((output.match(/The Portal is running at/g) ?? []).length < processes) {
    if (child.exitCode !== null) throw new Error(`main.ts exited with ${child.exitCode}: ${output}`);
    if (Date.now() > deadline) throw new Error(`main.ts did not start ${processes} processes: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ready = await fetch(`${base}/readyz`);
  if (!ready.ok) throw new Error(`GET readyz answered ${ready.status}`);
  return child;
}

async function stopPortalProcesses(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function goOnline(token: string): Promise<void> {
  await fetch(`${base}/internal/api/toggle_online`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ online: true }),
  });
}

await withBenchDatabase(async (database, handle) => {
  const started = performance.now();
  await seedDemoCustomers(handle, { customers: CUSTOMERS });
  const [{ last, lastMessage } = { last: 0, lastMessage: 0 }] = await rowsOf<{ last: number; lastMessage: number }>(
    handle,
    sql`select (select coalesce(max(id), 0) from tickets)::int as last,
      (select coalesce(max(id), 0) from messages)::int as "lastMessage"`,
  );
  await generateBenchTickets(handle.db, {
    tickets: TICKETS,
    messages: TICKETS * 4,
    customers: CUSTOMERS,
    firstTicketId: last + 1,
    firstMessageId: lastMessage + 1,
    now: new Date(),
  });
  const emails = await createBenchEmployees(handle, { name: 'agent', count: EMPLOYEES, roles: ['agent'] });
  await settleDatabase(handle);
  console.log(
    `\ndata: ${CUSTOMERS.toLocaleString('en-US')} demo customers and ${TICKETS.toLocaleString('en-US')} more tickets, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const results: Array<[number, Measurement]> = [];
  for (const processes of RUNS) {
    const portal = await startPortalProcesses(database.url, processes);
    try {
      const tokens = await signInEmployees(base, emails);
      await Promise.all(tokens.map(goOnline));
      const targets = tokens.map((token) => ({ url: `${base}/internal/api/tickets?num=10`, token }));
      results.push([processes, await measurePerEmployee(targets, SECONDS)]);
    } finally {
      await stopPortalProcesses(portal);
    }
  }

  console.log(
    `\nGET /internal/api/tickets?num=10 flat out, ${EMPLOYEES} agents (one connection each), ${SECONDS} s each:`,
  );
  for (const [processes, measurement] of results)
    console.log(formatMeasurement(`WEB_CONCURRENCY=${processes}`, measurement));
  const rate = (processes: number) => results.find(([count]) => count === processes)?.[1].requestsPerSecond;
  const [one, two] = [rate(1), rate(2)];
  if (one && two) console.log(`2 processes / 1 process: ${(two / one).toFixed(2)}x the throughput`);
});
