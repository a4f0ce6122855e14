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
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' };

export type DatabaseHandle = {
  db: Database;
  kind: 'postgres' | 'pglite';
  // Runs raw SQL with no parameters (several statements allowed), for setup and bulk work.
  exec: (sql: string) => Promise<void>;
  // Listens on a PostgreSQL notification channel; answers a function that stops listening.
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const drizzleOptions = { schema, casing: 'snake_case' } as const;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 20);
  if (target.kind === 'pglite') mkdirSync(target.dataDir, { recursive: true });
  const client = await PGlite.create(target.kind === 'pglite' ? target.dataDir : undefined, {
    extensions: { pg_trgm },
  });
  return {
    db: drizzlePglite({ client, ...drizzleOptions }) as unknown as Database,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const listeners: pg.PoolClient[] = [];
  return {
    db: drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Database,
    kind: 'postgres',
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: async (channel, onPayload) => {
      const client = await pool.connect();
      listeners.push(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`);
        listeners.splice(listeners.indexOf(client), 1);
        client.release();
      };
    },
    close: async () => {
      for (const client of listeners.splice(0)) client.release();
      await pool.end();
    },
  };
}
