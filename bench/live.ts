import { createTicket } from '@portal/db/testing';
import { openLiveClient, type LiveClient } from '../apps/server/src/testing/live-client.ts';
import { createBenchEmployees, signInEmployees, startPortal } from './bench-steps.ts';
import { stopServer, withBenchDatabase } from './lib.ts';
import { readServerMemory } from './server-stats.ts';

// npm run bench:live, on PostgreSQL (issue 40, decision 063): 200 live streams (20 employees, 10 tabs
// each) have one ticket open; another employee adds a note to it through the API, again and again.
// Printed: the time from sending the change to each stream receiving it (the write, its commit, the
// NOTIFY, the fan-out and the socket), over every stream of every change, and to the last stream of
// each change; and the API process's memory per open stream. Target: p99 under 200 ms.
const EMPLOYEES = 20;
const TABS = Number(process.env.BENCH_TABS ?? 10);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 50);
const TARGET_MS = 200;
const PORT = '3908';
const base = `http://127.0.0.1:${PORT}`;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

await withBenchDatabase(async (database, handle) => {
  const emails = await createBenchEmployees(handle, { name: 'live', count: EMPLOYEES + 1, roles: ['agent'] });
  const ticket = await createTicket(handle.db, { thread: ['Hello, is anyone there?'] });
  await handle.close();
  const topic = `ticket:${ticket.id}`;

  const portal = await startPortal(PORT, database.url, { NODE_OPTIONS: '--expose-gc' });
  const clients: LiveClient[] = [];
  try {
    const [writer, ...viewers] = await signInEmployees(base, emails);
    const before = await readServerMemory(portal);
    for (const token of viewers)
      for (let tab = 0; tab < TABS; tab += 1) clients.push(await openLiveClient(base, token!));
    await Promise.all(clients.map((client) => client.watch({ open: [topic], follow: [] })));
    // Every tab has heard that all the employees are there.
    await Promise.all(
      clients.map((client) =>
        client.next((event) => event.event === 'presence' && event.data.viewers.length === EMPLOYEES, 30_000),
      ),
    );
    const after = await readServerMemory(portal);
    console.log(`${clients.length} streams open on ${topic} (${EMPLOYEES} employees, ${TABS} tabs each)`);
    const perStream = (key: 'rss' | 'heapUsed' | 'external') => (after[key] - before[key]) / clients.length;
    console.log(
      `memory per stream: heap ${(perStream('heapUsed') / 1024).toFixed(1)} KB, external ${(perStream('external') / 1024).toFixed(1)} KB, resident ${(perStream('rss') / 1024).toFixed(1)} KB (process: heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}, resident ${mb(before.rss)} -> ${mb(after.rss)})`,
    );

    const toEach: number[] = [];
    const toLast: number[] = [];
    const afterAnswer: number[] = [];
    for (let change = 0; change < CHANGES; change += 1) {
      const sent = performance.now();
      const arrivals = clients.map((client) =>
        client.next((event) => event.event === 'change' && event.data.topic === topic, 10_000),
      );
      const response = await fetch(`${base}/internal/api/ticket_notes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ticket_id: ticket.id, body: `Bench note ${change + 1}` }),
      });
      if (!response.ok) throw new Error(`POST ticket_notes answered ${response.status}: ${await response.text()}`);
      const answered = performance.now();
      const received = (await Promise.all(arrivals)).map((event) => event.receivedAt);
      for (const at of received) {
        toEach.push(at - sent);
        afterAnswer.push(Math.max(0, at - answered));
      }
      toLast.push(Math.max(...received) - sent);
      // Changes a few tenths of a second apart, as staff make them.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    toEach.sort((a, b) => a - b);
    toLast.sort((a, b) => a - b);
    afterAnswer.sort((a, b) => a - b);
    console.log(`\n${CHANGES} changes (a note added through the API), each to ${clients.length} streams:`);
    console.log(
      `  send -> each stream: p50 ${ms(percentile(toEach, 0.5))}, p99 ${ms(percentile(toEach, 0.99))}, max ${ms(toEach.at(-1)!)}`,
    );
    console.log(
      `  send -> the last stream of a change: p50 ${ms(percentile(toLast, 0.5))}, p99 ${ms(percentile(toLast, 0.99))}`,
    );
    console.log(
      `  the API's answer -> each stream: p50 ${ms(percentile(afterAnswer, 0.5))}, p99 ${ms(percentile(afterAnswer, 0.99))}`,
    );
    const p99 = percentile(toEach, 0.99);
    console.log(`  target p99 under ${TARGET_MS} ms: ${p99 < TARGET_MS ? 'MET' : 'NOT MET'}`);
  } finally {
    for (const client of clients) client.close();
    await stopServer(portal);
  }
});
