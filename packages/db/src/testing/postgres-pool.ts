import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../client.ts';
import { readTemplateState, resetToTemplate, type TemplateState } from './template-state.ts';

// On PostgreSQL a test file's database was a new copy of the run's template, dropped when the file
// closed it: 0.3 s of the server's CPU per file for the copy and the drop (the copy is written to
// the write-ahead log page by page), and the checkpoints that log then costs. The server's module
// tests kept PostgreSQL busy 82 s of CPU that way; lent, 34 s (the whole run 170 -> 121 s of CPU).
// As on PGlite (pglite-pool.ts), a worker's files run one after another, so the database a file
// closes is put back to the template (template-state.ts: every table emptied, the template's rows
// and sequences back) and lent to the worker's next file. Connections the file left open (a process
// it started) are ended first, as the drop ended them. A database whose schema a test changed, or
// that fails to reset, is dropped instead. The databases a worker still holds when it ends are
// dropped with the template (template-database.ts), by name.

// How many reset databases a worker keeps: its files run one at a time, and a few open two.
const IDLE_DATABASES_KEPT = 2;

let template: TemplateState | undefined;
const idle: string[] = [];
let databasesCreated = 0;

// How many databases this worker has copied from the template: for the pool's own test.
export const postgresDatabasesCreated = () => databasesCreated;

// The databases lent from a template are named after it, so that its teardown finds them all.
export const pooledDatabasePrefix = (templateName: string) => `${templateName}_lent_`;

export type PostgresLease = DatabaseHandle & { url: string };

type Admin = {
  // Runs one statement on the server's maintenance database (create, drop).
  run: (statement: string) => Promise<void>;
  // The address of a database on that server.
  urlOf: (name: string) => string;
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// A copy of the template for one test file: one another file of this worker closed, reset, or a new
// one.
export async function leasePostgres(templateName: string, admin: Admin): Promise<PostgresLease> {
  let name = idle.pop();
  if (!name) {
    name = `${pooledDatabasePrefix(templateName)}${randomBytes(6).toString('hex')}`;
    await admin.run(`create database ${name} template ${templateName}`);
    databasesCreated += 1;
  }
  const url = admin.urlOf(name);
  template ??= await withClient(url, readTemplateState);
  const state = template;
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 30 });
  const leased = name;
  let open = true;
  return {
    ...handle,
    url,
    close: async () => {
      if (!open) return;
      open = false;
      await handle.close();
      const reset = await withClient(url, async (client) => {
        await client.query(
          `select pg_terminate_backend(pid, 10000) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid()`,
        );
        return resetToTemplate(client, state);
      }).catch(() => false);
      if (reset && idle.length < IDLE_DATABASES_KEPT) idle.push(leased);
      else await admin.run(`drop database if exists ${leased} with (force)`);
    },
  };
}
