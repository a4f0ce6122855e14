import type { PGlite } from '@electric-sql/pglite';
import { pgliteHandle, type DatabaseHandle } from '../client.ts';

// Opening PGlite from the run's migrated template takes more than a second of CPU (the WebAssembly
// Postgres starting, the 44 MB data directory copied into it): most of a small test file's time, and
// about a fifth of the whole server suite's. A worker runs its test files one after another, so the
// instance a file closes is reset to the template (every table emptied, the template's rows put back,
// every sequence where the template had it, the session's state discarded) and lent to the worker's
// next file. An instance whose schema, roles or settings a test changed is closed instead, and so is
// one that fails to reset: the next file then opens a fresh one, as before.

// How many reset instances a worker keeps: its files run one at a time, and a few open two.
const IDLE_INSTANCES_KEPT = 1;

// Everything a test could change besides rows: the schemas' tables and their columns, constraints,
// indexes, functions, triggers, views and types, temporary tables, extensions, roles, settings kept
// in the database and the migrations applied. Compared before an instance is lent again.
const FINGERPRINT = `
select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
  select 'class ' || n.nspname || '.' || c.relname || ' ' || c.relkind::text as line
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
  union all
  select 'column ' || a.attrelid::regclass || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
         || ' ' || a.attnotnull || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
   where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
     and a.attnum > 0 and not a.attisdropped
  union all
  select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
   where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all
  select 'index ' || schemaname || ' ' || indexdef from pg_indexes where schemaname not in ('pg_catalog', 'information_schema')
  union all
  select 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc) from pg_proc p
   where p.pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all
  select 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger where not tgisinternal
  union all
  select 'view ' || schemaname || '.' || viewname || ' ' || md5(definition) from pg_views
   where schemaname not in ('pg_catalog', 'information_schema')
  union all
  select 'type ' || t.typnamespace::regnamespace || '.' || t.typname from pg_type t
   where t.typnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all
  select 'extension ' || extname || ' ' || extversion from pg_extension
  union all
  select 'role ' || rolname || ' ' || rolsuper || ' ' || rolcanlogin from pg_roles
  union all
  select 'setting ' || setdatabase || ' ' || setrole || ' ' || array_to_string(setconfig, ',') from pg_db_role_setting
  union all
  select 'migrations ' || count(*) from drizzle.__drizzle_migrations
) lines`;

type TemplateState = {
  fingerprint: string;
  // The tables of the public schema, quoted, to empty in one statement.
  tables: string[];
  // The rows the migrations wrote (roles, the business hours), as JSON per table.
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null; startValue: string }[];
};

let template: TemplateState | undefined;
const idle: PGlite[] = [];
let instancesOpened = 0;

// How many instances this worker has opened: for the pool's own test.
export const pgliteInstancesOpened = () => instancesOpened;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function fingerprintOf(client: PGlite): Promise<string> {
  const result = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return result.rows[0]?.fingerprint ?? '';
}

// Read from an instance just opened from the template, before any test has used it.
async function readTemplateState(client: PGlite): Promise<TemplateState> {
  const tables = (
    await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => `public.${quote(row.name)}`);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const result = await client.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    const json = result.rows[0]?.json;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await client.query<{ name: string; lastValue: string | null; startValue: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              last_value::text as "lastValue", start_value::text as "startValue"
         from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`,
    )
  ).rows;
  return { fingerprint: await fingerprintOf(client), tables, rows, sequences };
}

// Back to the template's state, or false when the instance cannot be (its schema was changed).
async function resetToTemplate(client: PGlite, state: TemplateState): Promise<boolean> {
  // A test's own session state: settings, prepared statements, temporary tables, locks.
  // One statement each: several in one call run as a transaction block, which discard refuses.
  await client.exec('rollback');
  await client.exec('discard all');
  if ((await fingerprintOf(client)) !== state.fingerprint) return false;
  await client.transaction(async (tx) => {
    await tx.exec(`truncate table ${state.tables.join(', ')} restart identity cascade`);
    for (const { table, json } of state.rows)
      await tx.query(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    for (const sequence of state.sequences)
      await tx.query(
        sequence.lastValue === null
          ? 'select setval($1::regclass, $2::bigint, false)'
          : 'select setval($1::regclass, $2::bigint, true)',
        [sequence.name, sequence.lastValue ?? sequence.startValue],
      );
  });
  return true;
}

// A database for one test file: an instance another file of this worker closed, reset, or a new one.
export async function leasePglite(openFromTemplate: () => Promise<PGlite>): Promise<DatabaseHandle> {
  let client = idle.pop();
  if (!client) {
    client = await openFromTemplate();
    instancesOpened += 1;
    template ??= await readTemplateState(client);
  }
  const instance = client;
  let open = true;
  const stopListening = new Set<() => Promise<void>>();
  // After close the lease refuses every call, as a closed PGlite would: work a test left running
  // (a timer, an unawaited query) never reaches the next file's database.
  const guarded = new Proxy(instance, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!open) throw new Error('PGlite is closed');
        return (value as (...values: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const handle = pgliteHandle(guarded, async () => {
    if (!open) return;
    open = false;
    await Promise.all([...stopListening].map((stop) => stop()));
    const state = template;
    const reset = state && (await resetToTemplate(instance, state).catch(() => false));
    if (reset && idle.length < IDLE_INSTANCES_KEPT) idle.push(instance);
    else await instance.close();
  });
  return {
    ...handle,
    listen: async (channel, onPayload) => {
      const stop = await guarded.listen(channel, onPayload);
      stopListening.add(stop);
      return async () => {
        stopListening.delete(stop);
        await stop();
      };
    },
  };
}
