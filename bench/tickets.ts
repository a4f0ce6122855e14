import { count, max } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { DEFAULT_TEST_PASSWORD } from '@portal/db/seed';
import { seedDemoData } from '@portal/demo-data';
import { createBenchEmployees, p99Verdict, settleDatabase, startPortal } from './bench-steps.ts';
import { generateBenchTickets } from './generate-tickets.ts';
import { measurePaced } from './paced.ts';
import { formatServerStats, readServerStats, resetServerStats, type ServerStats } from './server-stats.ts';
import {
  formatMeasurement,
  measure,
  measurePerEmployee,
  signInEmployee,
  startServer,
  stopServer,
  withBenchDatabase,
} from './lib.ts';

// npm run bench:tickets: the ticket workspace's two hot reads at 20 concurrent employees, on
// PostgreSQL with 200,000 tickets and 1,000,000 messages. Target: p99 under 20 ms.
const EMPLOYEES = 20;
const TOTAL_TICKETS = Number(process.env.BENCH_TICKETS ?? 200_000);
const TOTAL_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// An agent's screen polls GET tickets every 30 s and opens a ticket every minute or so; 5 requests a
// second per employee is far above that, and leaves the machine room to answer on time.
const PACED_RATE = Number(process.env.BENCH_RATE_PER_EMPLOYEE ?? 5);
const PORT = '3902';
const base = `http://127.0.0.1:${PORT}`;

await withBenchDatabase(async (database, handle) => {
  const started = Date.now();
  await seedDemoData(handle.db, { customers: CUSTOMERS });
  const [existing] = await handle.db.select({ tickets: count(), lastTicket: max(tickets.id) }).from(tickets);
  const [existingMessages] = await handle.db
    .select({ messages: count(), lastMessage: max(messages.id) })
    .from(messages);
  await generateBenchTickets(handle.db, {
    tickets: TOTAL_TICKETS - (existing?.tickets ?? 0),
    messages: TOTAL_MESSAGES - (existingMessages?.messages ?? 0),
    customers: CUSTOMERS,
    firstTicketId: (existing?.lastTicket ?? 0) + 1,
    firstMessageId: (existingMessages?.lastMessage ?? 0) + 1,
    now: new Date(),
  });
  await settleDatabase(handle);
  const emails = await createBenchEmployees(handle, {
    name: 'agent',
    count: EMPLOYEES,
    roles: ['agent', 'escalations'],
  });
  const [totals] = await handle.db.select({ tickets: count() }).from(tickets);
  const [messageTotals] = await handle.db.select({ messages: count() }).from(messages);
  await handle.close();
  console.log(
    `data: ${totals?.tickets} tickets, ${messageTotals?.messages} messages, ${CUSTOMERS} customers (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const hello = await startServer('./hello-server.ts', { PORT });
  const baseline = await measure({ url: `${base}/hello`, connections: EMPLOYEES, seconds: SECONDS });
  await stopServer(hello);

  const portal = await startPortal(PORT, database.url);
  const agents = await Promise.all(emails.map((email) => signInOnline(email)));
  const queueTargets = agents.map((agent) => ({ url: `${base}/internal/api/tickets?num=10`, token: agent.token }));
  const held = await Promise.all(agents.map((agent) => firstHeldTicket(agent.token)));
  const detailTargets = agents.map((agent, index) => ({
    url: `${base}/internal/api/ticket?id=${held[index]}`,
    token: agent.token,
  }));
  // Each measurement with what the API process saw meanwhile (its warm-up included).
  const seen: Array<[string, ServerStats]> = [];
  const watched = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
    await resetServerStats(portal);
    const result = await run();
    seen.push([label, await readServerStats(portal)]);
    return result;
  };
  const queue = await watched('tickets, flat out', () => measurePerEmployee(queueTargets, SECONDS));
  const detail = await watched('ticket, flat out', () => measurePerEmployee(detailTargets, SECONDS));
  const queuePaced = await watched('tickets, paced', () => measurePaced(queueTargets, PACED_RATE, SECONDS));
  const detailPaced = await watched('ticket, paced', () => measurePaced(detailTargets, PACED_RATE, SECONDS));
  await stopServer(portal);

  console.log(`\nPostgreSQL, ${EMPLOYEES} concurrent employees (one connection each), ${SECONDS} s each`);
  console.log('Flat out (each employee sends the next request as soon as the last is answered):');
  console.log(formatMeasurement('GET /hello (plain Fastify)', baseline));
  console.log(formatMeasurement('GET /internal/api/tickets?num=10', queue));
  console.log(formatMeasurement('GET /internal/api/ticket?id=…', detail));
  console.log(`Paced (${PACED_RATE} requests a second per employee, ${PACED_RATE * EMPLOYEES} in all):`);
  console.log(formatMeasurement('GET /internal/api/tickets?num=10', queuePaced));
  console.log(formatMeasurement('GET /internal/api/ticket?id=…', detailPaced));
  console.log('What the API process saw meanwhile:');
  for (const [label, stats] of seen) console.log(`  ${label.padEnd(18)} ${formatServerStats(stats)}`);
  for (const [label, flatOut, paced] of [
    ['tickets', queue, queuePaced],
    ['ticket', detail, detailPaced],
  ] as const) {
    const share = ((flatOut.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1);
    console.log(
      `${label}: p99 flat out ${flatOut.p99} ms, paced ${paced.p99} ms (target under 20 ms: ${p99Verdict(flatOut, paced, 20)}); flat-out throughput ${share}% of hello`,
    );
  }
});

async function signInOnline(email: string): Promise<{ token: string }> {
  const apiToken = await signInEmployee(base, email, DEFAULT_TEST_PASSWORD);
  await fetch(`${base}/internal/api/toggle_online`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
    body: JSON.stringify({ online: true }),
  });
  return { token: apiToken };
}

async function firstHeldTicket(token: string): Promise<number> {
  const response = await fetch(`${base}/internal/api/tickets?num=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { openTickets: Array<{ id: number }> };
  const first = body.openTickets[0];
  if (!first) throw new Error('an employee received no ticket');
  return first.id;
}
