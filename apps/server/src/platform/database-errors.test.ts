import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@portal/db';
import { describeDatabaseFailure } from './database-errors.ts';

// Issue 27 section 6: only a database that cannot be reached is an outage (503, "try again"); an
// error of the query itself is a 500. Classified here with the errors the two drivers really raise,
// through Drizzle as the app meets them.

const serverUrl = process.env.DATABASE_URL;

async function failureOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return { error, failure: describeDatabaseFailure(error) };
  }
  throw new Error('expected the call to fail');
}

// A statement of more than 65,535 bind parameters (the protocol counts them in 16 bits).
const tooManyParameters = () =>
  sql`select array[${sql.join(
    Array.from({ length: 70_000 }, (_, index) => sql`${index}::int`),
    sql`, `,
  )}] as numbers`;

const drivers: { name: string; open: () => Promise<DatabaseHandle>; skip: boolean }[] = [
  { name: 'PGlite', open: () => openDatabase({ kind: 'pglite-memory' }), skip: false },
  {
    name: 'PostgreSQL',
    open: () => openDatabase({ kind: 'postgres', url: serverUrl ?? '', poolSize: 2 }),
    skip: !serverUrl,
  },
];

for (const driver of drivers)
  describe.skipIf(driver.skip)(`query errors on ${driver.name}`, () => {
    let handle: DatabaseHandle;
    beforeAll(async () => {
      handle = await driver.open();
    });
    afterAll(async () => {
      await handle.close();
    });

    it('calls more than 65,535 bind parameters a query error (08P01), not an outage', async () => {
      const { failure } = await failureOf(() => handle.db.execute(tooManyParameters()));
      expect(failure).toMatchObject({ unavailable: false, log: { code: '08P01' } });
      // The connection is still good: the next query answers.
      const after = (await handle.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ one: 1 }]);
    });

    it('calls a program limit (54000) and a missing table (42P01) query errors', async () => {
      const limit = await failureOf(() =>
        handle.db.execute(sql`select array_fill(1, array[${100_000}::int, ${100_000}::int]) as huge`),
      );
      expect(limit.failure).toMatchObject({ unavailable: false, log: { code: '54000' } });
      const missing = await failureOf(() => handle.db.execute(sql`select * from no_such_table`));
      expect(missing.failure).toMatchObject({
        unavailable: false,
        log: { code: '42P01', query: 'select * from no_such_table' },
      });
    });

    it("logs where the query was made (the stack's frames), never the parameters Drizzle's message quotes", async () => {
      const { error, failure } = await failureOf(() =>
        handle.db.execute(sql`select ${'very.private.person@example.com'}::int as n`),
      );
      expect(String((error as Error).message)).toContain('very.private.person@example.com');
      expect(failure?.log.stack).toMatch(/database-errors\.test\.ts/);
      expect(JSON.stringify(failure)).not.toContain('very.private.person');
    });
  });

describe('outages', () => {
  it('calls a closed PGlite an outage', async () => {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await handle.close();
    const { failure } = await failureOf(() => handle.db.execute(sql`select 1`));
    expect(failure?.unavailable).toBe(true);
  });

  it('calls a refused connection an outage (ECONNREFUSED)', async () => {
    // A port nobody listens on: a server opened and closed again.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const handle = await openDatabase({
      kind: 'postgres',
      url: `postgres://nobody@127.0.0.1:${port}/none`,
      poolSize: 1,
    });
    try {
      const { failure } = await failureOf(() => handle.db.execute(sql`select 1`));
      expect(failure?.unavailable).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('calls a pool that cannot get a connection in time an outage', async () => {
    // A server that accepts connections and never answers.
    const sockets: import('node:net').Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 200,
    });
    try {
      const { failure } = await failureOf(() => pool.query('select 1'));
      expect(failure?.unavailable).toBe(true);
    } finally {
      await pool.end();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it.skipIf(!serverUrl)('calls a connection ended by the server (57P01, FATAL) an outage', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: serverUrl ?? '', poolSize: 1 });
    try {
      const { failure } = await failureOf(() => handle.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`));
      expect(failure?.unavailable).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
