import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Lists read newest first a page at a time, by (time, id), where the page ends at a row of another
// list merged with this one (the customer's timeline, issue 40): the bound says what of the rows at
// the end's very time still comes after it. `at` is the end's time as the database wrote it, to the
// microsecond (timeKeyOf), so no row is read twice or skipped for a JavaScript Date's milliseconds.
export type TimeBound = {
  at: string;
  // 'all': this list's rows at that time come after the end (it sorts below the end's list);
  // 'older ids': those with a smaller id (the end is a row of this list); 'none': none of them.
  sameTime: 'all' | 'older ids' | 'none';
  id: number;
};

type TimeExpression = AnyPgColumn | SQL;

// The time as a key: ISO 8601 UTC with microseconds ('2026-11-21T17:04:05.123456Z'), which sorts as
// text in time order and reads back exactly as a timestamptz.
export function timeKeyOf(time: TimeExpression): SQL<string> {
  return sql<string>`to_char((${time}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

// The rows of the page after the bound (all of them without one), newest first.
export function olderThan(time: TimeExpression, id: AnyPgColumn | SQL, bound: TimeBound | null): SQL {
  if (bound === null) return sql`true`;
  const at = sql`${bound.at}::timestamptz`;
  switch (bound.sameTime) {
    case 'all':
      return sql`(${time}) <= ${at}`;
    case 'none':
      return sql`(${time}) < ${at}`;
    case 'older ids':
      return sql`((${time}), ${id}) < (${at}, ${bound.id})`;
  }
}
