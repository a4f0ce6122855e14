import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
// Anything a repository can run a query on: the database or an open transaction.
export type Executor = Database | Transaction;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  // `from`: a dumped data directory to start a new (empty) one from (npm run restore).
  | { kind: 'pglite'; dataDir: string; from?: Blob }
  // In memory; `from` is a data directory dumped by PGlite (a migrated template), loaded instead of
  // running initdb, which is most of an empty database's start-up.
  | { kind: 'pglite-memory'; from?: Blob };

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  // Runs raw SQL with no parameters (several statements allowed), for setup and bulk work.
  exec: (sql: string) => Promise<void>;
  // Listens on a PostgreSQL notification channel; answers a function that stops listening. On
  // PostgreSQL the listening connection can drop (failover, restart, a proxy's idle timeout): it is
  // then reopened with backoff, and onListening says when notifications can and cannot arrive.
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onListening?: (listening: boolean) => void,
  ) => Promise<() => Promise<void>>;
  // Runs `run` while holding a PostgreSQL advisory lock (session-level, on a connection of its own),
  // so API processes starting together on one database take turns. PGlite has one process: it just runs.
  exclusive: <T>(lockId: number, run: () => Promise<T>) => Promise<T>;
  // PGlite only: its whole data directory as a tar, to open again with { from }.
  dump?: () => Promise<Blob>;
  // PostgreSQL only: the pool's connections now, open and idle, and the queries waiting for one
  // (what the benchmarks print beside their figures, so a stall for a connection names itself).
  poolStats?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

// Column names are the schema's property names in snake_case; hand-written SQL that must name a
// column bare (an UPDATE's SET list) converts with this same casing.
export const DATABASE_CASING = 'snake_case';
const drizzleOptions = { schema, casing: DATABASE_CASING } as const;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 20);
  const client = await createPglite(target);
  return pgliteHandle(client, () => client.close());
}

export async function createPglite(target: Exclude<DatabaseTarget, { kind: 'postgres' }>): Promise<PGlite> {
  if (target.kind === 'pglite') mkdirSync(target.dataDir, { recursive: true });
  return PGlite.create(target.kind === 'pglite' ? target.dataDir : undefined, {
    extensions: { pg_trgm },
    ...(target.from ? { loadDataDir: target.from } : {}),
  });
}

// The handle of an open PGlite; `close` says what closing it does (the testing pool hands an
// instance back instead, packages/db/src/testing/test-database.ts).
export function pgliteHandle(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  return {
    db: drizzlePglite({ client, ...drizzleOptions }) as unknown as Database,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    exclusive: (_lockId, run) => run(),
    dump: () => client.dumpDataDir('none'),
    close,
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped connection must never crash the process. Idle ones are reported on the pool; one
  // checked out (inside a transaction, between two queries) on the client itself, where nothing
  // else listens: its next query fails instead, the request answers 503, and the pool discards it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const listeners = new Set<() => Promise<void>>();
  return {
    db: drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, onPayload, onListening) => {
      const stop = await listenWithReconnect(url, channel, onPayload, onListening ?? (() => undefined));
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    exclusive: async (lockId, run) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => undefined);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [lockId]);
        return await run();
      } finally {
        // Ending the connection releases the lock even if the unlock cannot be sent.
        await client.end().catch(() => undefined);
      }
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

const RECONNECT_FIRST_DELAY_MS = 100;
const RECONNECT_MAX_DELAY_MS = 5_000;

// A connection of its own (not one of the pool's), LISTENing on one channel. When it drops it is
// reopened after 100 ms, 200 ms, ... up to 5 s between tries, until stopped. The first connection
// must succeed (the caller has just used the database); later ones are retried for ever.
// onListening(false) says the connection dropped, onListening(true) that it is back.
async function listenWithReconnect(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onListening: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;

  const open = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (current !== client) return;
      current = null;
      onListening(false);
      scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped || lost) {
      await client.end().catch(() => undefined);
      if (!stopped) throw new Error('The listening connection dropped while it was being opened.');
      return;
    }
    const reconnected = failures > 0;
    current = client;
    failures = 0;
    if (reconnected) onListening(true);
  };

  const scheduleRetry = () => {
    if (stopped) return;
    const delay = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** failures);
    failures += 1;
    retry = setTimeout(() => {
      retry = null;
      open().catch(scheduleRetry);
    }, delay);
    retry.unref();
  };

  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
