import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '@portal/db';
import { openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { createSsnSealer } from './modules/customers/index.ts';
import { processPlan } from './api-processes.ts';

// A process per core (issue 42, decision 071).

describe('processPlan', () => {
  it('runs one process per core on PostgreSQL unless WEB_CONCURRENCY says how many', () => {
    expect(processPlan({ webConcurrency: null, database: { kind: 'postgres' } }, 4)).toEqual({
      processes: 4,
      note: null,
    });
    expect(processPlan({ webConcurrency: 3, database: { kind: 'postgres' } }, 8)).toEqual({ processes: 3, note: null });
    expect(processPlan({ webConcurrency: null, database: { kind: 'postgres' } }, 0).processes).toBe(1);
  });

  it('stays one process on the embedded database, and says so when more were asked', () => {
    expect(processPlan({ webConcurrency: null, database: { kind: 'pglite' } }, 8)).toEqual({
      processes: 1,
      note: null,
    });
    expect(processPlan({ webConcurrency: 4, database: { kind: 'pglite' } }, 8)).toEqual({
      processes: 1,
      note: 'One API process, not 4 (WEB_CONCURRENCY): the embedded database (PGlite) is owned by one process. Set DATABASE_URL to run several.',
    });
  });
});

// The real start (main.ts) in its own processes, on a PostgreSQL database of the suite's.
const onPostgres = Boolean(process.env.DATABASE_URL);
const METRICS_TOKEN = 'cluster-metrics-token-for-the-test';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// The primary's child processes (the API processes), by /proc.
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!onPostgres)('npm start on PostgreSQL with WEB_CONCURRENCY=2', () => {
  let database: TestDatabase | undefined;
  let primary: ChildProcess | undefined;
  let refused: ChildProcess | undefined;
  afterAll(async () => {
    if (primary?.exitCode === null) primary.kill('SIGKILL');
    if (refused?.exitCode === null) refused.kill('SIGTERM');
    await database?.close();
  });

  // Two API processes start (migrations under their lock), each a whole Portal: 20-60 s.
  it('runs two API processes on one port, starts another when one dies, and stops them all on SIGTERM', async () => {
    database = await openTestDatabase();
    const port = await freePort();
    let output = '';
    primary = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database.url!,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-processes-')),
        LOG_LEVEL: 'silent',
        METRICS_TOKEN: METRICS_TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    primary.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const ready = async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
      } catch {
        return 0;
      }
    };

    await until(
      'two API processes answering',
      () => [childrenOf(primary!.pid!).length, output],
      () => (output.match(/The Portal is running at/g) ?? []).length === 2,
    );
    expect(output).toContain('Starting 2 API processes');
    expect(await ready()).toBe(200);
    const [first, second] = childrenOf(primary.pid!);
    expect(first).toBeDefined();
    expect(second).toBeDefined();

    // A scrape reaches one process and answers for both: 20 probes, spread over the two by the
    // primary's round robin, are all counted.
    for (let n = 0; n < 20; n += 1) expect(await ready()).toBe(200);
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    const readyzCount = /^portal_http_requests_total\{method="GET",route="\/readyz",status="200"\} (\d+)/m.exec(text);
    expect(Number(readyzCount?.[1])).toBeGreaterThanOrEqual(20);
    expect(text).not.toContain('could not be gathered');
    // The database's figures once, read by the process the scrape reached (not one per process).
    expect(text.match(/^portal_outbox_depth /gm)).toEqual(['portal_outbox_depth ']);
    expect(text.match(/^portal_work_queue_depth\{queue="tickets"\} /gm)).toHaveLength(1);

    // One dies: the supervisor starts another, and the Portal answers throughout on the other.
    process.kill(first!, 'SIGKILL');
    // A connection the primary hands to the dead process in the instant before it notices fails;
    // the one left answers within moments.
    await until('the other process answering', ready, (status) => status === 200, 10_000);
    const replaced = await until(
      'a new API process',
      () => childrenOf(primary!.pid!),
      (pids) => pids.length === 2 && !pids.includes(first!),
    );
    expect(replaced).toContain(second);
    await until(
      'the new process answering',
      () => (output.match(/The Portal is running at/g) ?? []).length,
      (n) => n === 3,
    );
    expect(output).toMatch(new RegExp(`API process ${first} stopped \\(SIGKILL\\); starting another`));

    // SIGTERM: each process finishes and leaves, then the supervisor, with exit code 0.
    const exited = new Promise<number | null>((resolve) => primary!.once('exit', (code) => resolve(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: stopping 2 API processes');
    for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
    expect(await ready()).toBe(0);
  }, 180_000);

  // The suite's database (or one of its own, run alone), now holding an SSN sealed with another key than the one given: a process
  // refuses to start (key-check.ts), and the supervisor stops instead of starting it again and again.
  it('stops every process and exits 78 when one refuses its SECRETS_KEY', async () => {
    database ??= await openTestDatabase();
    const [customer] = await database!.db
      .insert(customers)
      .values({ firstName: 'Key', lastName: 'Check', email: 'key.check@example.com', phoneNumber: '2055550111' })
      .returning({ id: customers.id });
    const sealed = createSsnSealer(Buffer.alloc(32, 0x31))(customer!.id, '123456789');
    await database!.db
      .update(customers)
      .set({ ssnSealed: sealed.sealed, ssnHash: sealed.hash, ssnLast4: sealed.last4 })
      .where(eq(customers.id, customer!.id));
    let output = '';
    const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: database!.url!,
        WEB_CONCURRENCY: '2',
        PORT: String(await freePort()),
        SECRETS_KEY: Buffer.alloc(32, 0x32).toString('base64'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-processes-')),
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    refused = child;
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exit) => resolve(exit)));
    expect(code).toBe(78);
    expect(output).toContain(`SECRETS_KEY opens none of the 1 sealed values it tried (customer ${customer!.id}'s SSN)`);
    expect(output).toMatch(/refused its configuration \(above\): stopping, not starting another/);
    expect(output).not.toContain('starting another in');
  }, 120_000);
});
