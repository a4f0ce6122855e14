import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '@portal/server';
import { migrateDatabase, openDatabase } from '@portal/db';
import type { ServerStats } from './server-stats.ts';

// The real API on the benchmark database, as main.ts builds it (no web app, no demo seeding).
const database = await openDatabase({ kind: 'postgres', url: String(process.env.DATABASE_URL), poolSize: 20 });
await migrateDatabase(database);
// SECRETS_KEY (base64) when the benchmark's data has sealed SSNs the server must open.
const secretsKey = process.env.SECRETS_KEY ? Buffer.from(process.env.SECRETS_KEY, 'base64') : undefined;
const app = await buildApp({
  database,
  settings: { stage: 'dev', logLevel: 'silent' },
  ...(secretsKey ? { secretsKey } : {}),
});

// What the process saw while a benchmark measured it (server-stats.ts asks, over the IPC channel):
// how late its event loop ran, its garbage collector's pauses, and how often a query waited for a
// connection of the pool (sampled every 2 ms), so that a stall shows whether the process (its own
// work, its collector) or the database made it.
const RESOLUTION_MS = 5;
const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
loop.enable();
let samples = 0;
let waited = 0;
let mostWaiting = 0;
let gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
const sampler = setInterval(() => {
  const pool = database.poolStats?.();
  if (!pool) return;
  samples += 1;
  if (pool.waiting > 0) waited += 1;
  mostWaiting = Math.max(mostWaiting, pool.waiting);
}, 2);
sampler.unref();
// The histogram counts the sampling interval in each delay: what is past it is the lateness.
const lateMs = (nanoseconds: number) => Math.max(0, Math.round((nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10);
process.on('message', (request) => {
  if (request === 'stats:reset') {
    loop.reset();
    [samples, waited, mostWaiting] = [0, 0, 0];
    gcPauses = [];
    process.send?.('stats:reset');
  } else if (request === 'memory') {
    // After a full collection where the process allows one (node --expose-gc): what is held, not garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send?.({ memory: { rss, heapUsed, external } });
  } else if (request === 'stats') {
    const stats: ServerStats = {
      loopDelay: { p50: lateMs(loop.percentile(50)), p99: lateMs(loop.percentile(99)), max: lateMs(loop.max) },
      gc: {
        pauses: gcPauses.length,
        totalMs: Math.round(gcPauses.reduce((sum, pause) => sum + pause, 0)),
        maxMs: Math.round(Math.max(0, ...gcPauses) * 10) / 10,
      },
      pool: { samples, waitedShare: samples === 0 ? 0 : waited / samples, mostWaiting },
    };
    process.send?.(stats);
  }
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.once('SIGINT', () => process.exit(0));
process.send?.('ready');
