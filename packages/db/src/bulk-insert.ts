import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const ROWS_PER_STATEMENT = 5000;

// Inserts many rows with one statement per chunk: each column travels as one array parameter and
// unnest() turns the arrays back into rows, so 5,000 rows cost one round trip, on PGlite and PostgreSQL.
export async function bulkInsert<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: ReadonlyArray<Partial<T['$inferInsert']>>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first) as Array<keyof typeof columns & string>;
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    const arrays: SQL[] = [];
    const selected: SQL[] = [];
    keys.forEach((key, index) => {
      const column = columns[key];
      if (!column) throw new Error(`bulkInsert: ${getTableName(table)} has no column ${key}`);
      const type = column.getSQLType();
      // unnest() flattens arrays of arrays, so array columns travel as text literals and are cast back.
      const elementType = type.endsWith('[]') ? 'text' : type;
      const values = chunk.map((row) => serialize((row as Record<string, unknown>)[key]));
      arrays.push(sql`${sql.param(values)}::${sql.raw(elementType)}[]`);
      selected.push(sql.raw(`c${index}::${type}`));
    });
    const names = sql.raw(keys.map((key) => `"${toSnakeCase(key)}"`).join(', '));
    const aliases = sql.raw(keys.map((_, index) => `c${index}`).join(', '));
    await executor.execute(
      sql`insert into ${table} (${names}) select ${sql.join(selected, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as rows(${aliases})`,
    );
  }
}

function serialize(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map((item) => JSON.stringify(String(item))).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

// After rows were inserted with explicit ids, move each identity sequence past the highest id.
export async function resetIdentitySequences(executor: Executor, tables: PgTable[]): Promise<void> {
  for (const table of tables) {
    const name = getTableName(table);
    await executor.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${name}', 'id'), coalesce((select max(id) from "${name}"), 0) + 1, false)`,
      ),
    );
  }
}
