import { sql, type Column, type SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

export type ColumnMap = Record<string, Column>;

// The row a column map reads as, the same shape `db.select(columns)` answers.
export type JsonObjectRow<Columns extends ColumnMap> = {
  [Key in keyof Columns]: Columns[Key]['_']['notNull'] extends true
    ? Columns[Key]['_']['data']
    : Columns[Key]['_']['data'] | null;
};

// json_build_object over columns, keyed by the map's own names, so nested rows (a customer's
// loans with their payments, say) come back in one round trip as JSON; decode each object with
// jsonObjectDecoder of the same map. json_build_object takes at most 100 arguments: 50 columns.
export function jsonObject(columns: ColumnMap): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  if (pairs.length > 50) throw new Error('jsonObject: json_build_object takes at most 50 columns');
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

// Reads an object jsonObject built back into typed values with each column's own driver mapping,
// as the query builder does for plain rows (a timestamptz's ISO text becomes a Date, and so on).
export function jsonObjectDecoder<Columns extends ColumnMap>(
  columns: Columns,
): (value: Record<string, unknown>) => JsonObjectRow<Columns> {
  const entries = Object.entries(columns);
  return (value) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const raw = value[key];
      row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
    }
    return row as JsonObjectRow<Columns>;
  };
}

// A whole table row as PostgreSQL writes it (`json_agg(payments)`, `row_to_json(t)`), keyed by the
// columns' own (snake_case) names, read back like jsonObjectDecoder. Cheaper to build in the database
// than json_build_object for a wide table read many rows at a time (a loan card's payments).
export function jsonRowDecoder<Columns extends ColumnMap>(
  columns: Columns,
): (value: Record<string, unknown>) => JsonObjectRow<Columns> {
  // The schema names columns by their keys and the client writes them snake_case (casing: 'snake_case').
  const entries = Object.entries(columns).map(
    ([key, column]) => [key, column, column.keyAsName ? toSnakeCase(column.name) : column.name] as const,
  );
  return (value) => {
    const row: Record<string, unknown> = {};
    for (const [key, column, name] of entries) {
      const raw = value[name];
      row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
    }
    return row as JsonObjectRow<Columns>;
  };
}
