import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../testing/use-test-app.ts';
import { READINESS_TIMEOUT_MS } from './routes.ts';

// GET health (load balancers), livez and readyz (issue 42), all public: a probe carries no session.

const t = useTestApp();
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('the probes', () => {
  it('answer { ok: true } without a session, at the API path and at the root', async () => {
    for (const url of ['/internal/api/health', '/internal/api/livez', '/livez', '/internal/api/readyz', '/readyz']) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
  });

  it('say not ready while a migration is not applied, and ready again once it is; live all along', async () => {
    const db = t.database.db;
    const [newest] = (
      (await db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at::text as created_at`,
      )) as unknown as { rows: Array<{ hash: string; created_at: string }> }
    ).rows;
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ errors: ['Not ready: 1 database migration is not applied yet.'] });
      expect((await get('/livez')).statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('say not ready when the database does not answer in time, while the process is still live', async () => {
    // A transaction holds the migrations' table: the probe's read waits on it, as on a stuck database.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      const started = performance.now();
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errors: ['Not ready: the database does not answer.'] });
      expect(performance.now() - started).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect((await get('/livez')).statusCode).toBe(200);
    } finally {
      release();
      await holding;
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});
