import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

// Real API processes for the tests that need more than one, or a kill -9 (PostgreSQL only).

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Polls until check answers something (not null or false), or fails after timeoutMs.
export async function waitFor<T>(what: string, check: () => Promise<T | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check().catch(() => null);
    if (found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// main.ts on the given database and port: dev stage without demo data, quiet; env adds or overrides.
export function startApiProcess(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): ChildProcess {
  return spawn(process.execPath, [join(import.meta.dirname, '..', 'main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      STAGE: 'dev',
      SEED_CUSTOMERS: '0',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'error',
      // One process, as the tests that kill it mean (not a supervisor of one per core).
      WEB_CONCURRENCY: '1',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// A process boots in some 5 s alone; beside the other API processes of the suite on two cores it
// has taken over 20 s, and in a fresh-clone CI run beside the end-to-end specs on a slow day more
// than a minute. Three minutes bound a process that never comes up, not the machine's speed.
export function waitUntilUp(port: number): Promise<true> {
  return waitFor(
    `the API on port ${port}`,
    async () => (await fetch(`http://127.0.0.1:${port}/internal/api/health`)).ok,
    180_000,
  );
}
