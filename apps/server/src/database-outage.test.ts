import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { captureLog } from './testing/captured-log.ts';
import { signInAsStaff, type StaffSession } from './testing/staff-session.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';

// Connections dropped under the API, as a failover, a restart or a proxy's idle timeout would do.
// Only PostgreSQL has backends to terminate; CI runs this file on it.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('when the database connections drop', () => {
  const log = captureLog();
  let t: TestApp;
  let staff: StaffSession;
  let databaseName: string;
  let admin: pg.Client;
  // A connection into the test database opened before it refuses new ones, for changes by hand.
  let insider: pg.Client;

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info', logStream: log });
    staff = await signInAsStaff(t.app, t.database.db);
    const [row] = await t.database.db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as one`);
    databaseName = row!.name;
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const url = new URL(serverUrl!);
    url.pathname = `/${databaseName}`;
    insider = new pg.Client({ connectionString: url.toString() });
    await insider.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${databaseName} allow_connections true`);
    await insider.end();
    await admin.end();
    await t.close();
  });

  const session = (headers = staff.headers) =>
    t.app.inject({ method: 'GET', url: '/internal/api/employees/session', headers });
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const insiderPid = async () => (await insider.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

  async function terminateBackends(which: 'listener' | 'all'): Promise<number> {
    const result = await admin.query<{ pid: number }>(
      `select pg_terminate_backend(pid), pid from pg_stat_activity
        where datname = $1 and pid <> $2 and ($3 = 'all' or query ilike 'LISTEN %')`,
      [databaseName, await insiderPid(), which],
    );
    return result.rowCount ?? 0;
  }

  async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await sleep(50);
    }
  }

  it('stops trusting cached sessions while it cannot hear sign-outs, and trusts them again once it can', async () => {
    expect((await session()).statusCode).toBe(200);
    // Nobody new may connect, so the listener cannot come back; the pool keeps its open connections.
    await admin.query(`alter database ${databaseName} allow_connections false`);
    // Two connections listen: the session cache's and the live stream's (decision 063).
    expect(await terminateBackends('listener')).toBe(2);
    await until(async () => log.text().includes('Lost the connection that listens for session changes'));
    await until(async () => log.text().includes('Lost the connection that listens for live changes'));

    // Another process signs the session out; its notification reaches nobody.
    await insider.query(
      'update sessions set revoked_at = now() where token_hash = (select token_hash from sessions where revoked_at is null order by id desc limit 1)',
    );
    await insider.query("select pg_notify('portal_session_changes', 'token:gone')");
    const afterSignOut = await session();
    expect(afterSignOut.statusCode).toBe(401);

    await admin.query(`alter database ${databaseName} allow_connections true`);
    await until(async () => log.text().includes('Listening for session changes again'));
    const other = await signInAsStaff(t.app, t.database.db);
    expect((await session(other.headers)).statusCode).toBe(200);
  });

  it('stays up when every connection is cut, answers 503 with an errors list at worst, and recovers by itself', async () => {
    const other = await signInAsStaff(t.app, t.database.db);
    await admin.query(`alter database ${databaseName} allow_connections false`);
    expect(await terminateBackends('all')).toBeGreaterThan(1);

    const during = await session(other.headers);
    expect(during.statusCode).toBe(503);
    expect(during.json().errors[0]).toMatch(/^The database cannot be reached right now/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/internal/api/employees/sign_in',
      payload: { employee: { email: 'x@portal.example', password: 'whatever' } },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json()).toHaveProperty('errors');

    await admin.query(`alter database ${databaseName} allow_connections true`);
    await until(async () => (await session(other.headers)).statusCode === 200);
    await until(async () => log.text().split('Listening for session changes again').length > 2);
    const health = await t.app.inject({ method: 'GET', url: '/internal/api/health' });
    expect(health.statusCode).toBe(200);
  });

  it('answers 200 or 503, never 500, while its pooled connections are cut again and again', async () => {
    const other = await signInAsStaff(t.app, t.database.db);
    const statuses = new Set<number>();
    for (let round = 0; round < 5; round += 1) {
      const requests = Array.from({ length: 20 }, () => session(other.headers));
      await terminateBackends('all');
      for (const response of await Promise.all(requests)) statuses.add(response.statusCode);
    }
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    await until(async () => (await session(other.headers)).statusCode === 200);
  });
});
