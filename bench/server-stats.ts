import type { ChildProcess } from 'node:child_process';

// What the API process under measurement saw (portal-server.ts keeps it): how late its event loop
// ran (a stall in the process itself), its garbage collector's pauses (one cause of it), and its
// pool's waits (how often a query waited for a database connection: a stall in or for the database).
export type ServerStats = {
  loopDelay: { p50: number; p99: number; max: number };
  gc: { pauses: number; totalMs: number; maxMs: number };
  pool: { samples: number; waitedShare: number; mostWaiting: number };
};

function ask<T>(server: ChildProcess, request: string, isAnswer: (message: unknown) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (!isAnswer(message)) return;
      server.off('message', listen);
      resolve(message as T);
    };
    server.on('message', listen);
    server.send(request);
  });
}

// Starts a measurement's figures afresh.
export async function resetServerStats(server: ChildProcess): Promise<void> {
  await ask(server, 'stats:reset', (message) => message === 'stats:reset');
}

export function readServerStats(server: ChildProcess): Promise<ServerStats> {
  return ask(server, 'stats', (message) => typeof message === 'object' && message !== null && 'loopDelay' in message);
}

export function formatServerStats(stats: ServerStats): string {
  const { loopDelay, gc, pool } = stats;
  return `event loop late p50 ${loopDelay.p50} ms, p99 ${loopDelay.p99} ms, max ${loopDelay.max} ms; GC ${gc.pauses} pauses, ${gc.totalMs} ms, longest ${gc.maxMs} ms; pool: a query waited for a connection in ${(pool.waitedShare * 100).toFixed(1)}% of ${pool.samples} samples, at most ${pool.mostWaiting} waiting`;
}

export type ServerMemory = { rss: number; heapUsed: number; external: number };

// The process's memory after a full collection (when started with --expose-gc).
export async function readServerMemory(server: ChildProcess): Promise<ServerMemory> {
  const answer = await ask<{ memory: ServerMemory }>(
    server,
    'memory',
    (message) => typeof message === 'object' && message !== null && 'memory' in message,
  );
  return answer.memory;
}
