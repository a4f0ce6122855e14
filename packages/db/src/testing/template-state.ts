// A test database's way back to the run's migrated template, on PGlite and on PostgreSQL alike
// (pglite-pool.ts, postgres-pool.ts): what the template held is read from a fresh copy once per
// worker, and a database a test file closed is put back to it (its rows, its sequences) unless the
// file changed more than rows, which the fingerprint shows.

// One connection, as PGlite is and a pg.Client has: statements run in order on it.
export type SqlConnection = {
  query: <Row>(text: string, params?: unknown[]) => Promise<{ rows: Row[] }>;
};

// Everything a test could change besides rows: the schemas' tables and their columns, constraints,
// indexes, functions, triggers, views and types, temporary tables, extensions, roles, settings kept
// in the database and the migrations applied. Compared before a database is lent again.
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
   where setdatabase in (0, (select oid from pg_database where datname = current_database()))
  union all
  select 'migrations ' || count(*) from drizzle.__drizzle_migrations
) lines`;

export type TemplateState = {
  fingerprint: string;
  // The tables of the public schema, quoted.
  tables: string[];
  // The rows the migrations wrote (roles, the business hours), as JSON per table.
  rows: { table: string; json: string }[];
  sequences: { name: string; lastValue: string | null; startValue: string }[];
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function fingerprintOf(connection: SqlConnection): Promise<string> {
  const result = await connection.query<{ fingerprint: string }>(FINGERPRINT);
  return result.rows[0]?.fingerprint ?? '';
}

// Read from a database just copied from the template, before any test has used it.
export async function readTemplateState(connection: SqlConnection): Promise<TemplateState> {
  const tables = (
    await connection.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => `public.${quote(row.name)}`);
  const rows: TemplateState['rows'] = [];
  for (const table of tables) {
    const result = await connection.query<{ json: string | null }>(`select json_agg(t)::text as json from ${table} t`);
    const json = result.rows[0]?.json;
    if (json) rows.push({ table, json });
  }
  const sequences = (
    await connection.query<{ name: string; lastValue: string | null; startValue: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name,
              last_value::text as "lastValue", start_value::text as "startValue"
         from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`,
    )
  ).rows;
  return { fingerprint: await fingerprintOf(connection), tables, rows, sequences };
}

// A DELETE per table, with the foreign keys' triggers off (session_replication_role) so that the order
// does not matter. TRUNCATE gives each table and index a new file: on PostgreSQL that took 0.5 s of
// the server's CPU for the 55 tables, where the deletes took 10 ms; on PGlite the API suite took 8 %
// less CPU with the deletes. Without the right to turn the triggers off, TRUNCATE after all.
async function emptyTables(connection: SqlConnection, state: TemplateState): Promise<void> {
  await connection.query('savepoint before_replica_role');
  try {
    await connection.query('set local session_replication_role = replica');
    for (const table of state.tables) await connection.query(`delete from ${table}`);
    return;
  } catch {
    await connection.query('rollback to savepoint before_replica_role');
  }
  await connection.query(`truncate table ${state.tables.join(', ')} restart identity cascade`);
}

// Back to the template's state, or false when the database cannot be (its schema was changed).
// The connection's own session state (settings, prepared statements, temporary tables, locks) is
// discarded first: PGlite's one connection is the one the test used.
export async function resetToTemplate(connection: SqlConnection, state: TemplateState): Promise<boolean> {
  // One statement each: several in one call run as a transaction block, which discard refuses.
  await connection.query('rollback');
  await connection.query('discard all');
  if ((await fingerprintOf(connection)) !== state.fingerprint) return false;
  await connection.query('begin');
  try {
    await emptyTables(connection, state);
    for (const { table, json } of state.rows)
      await connection.query(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    for (const sequence of state.sequences)
      await connection.query(
        sequence.lastValue === null
          ? 'select setval($1::regclass, $2::bigint, false)'
          : 'select setval($1::regclass, $2::bigint, true)',
        [sequence.name, sequence.lastValue ?? sequence.startValue],
      );
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  }
  return true;
}
