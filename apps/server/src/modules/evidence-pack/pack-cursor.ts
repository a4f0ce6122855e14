import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@portal/db';

// A long list read in pages through a cursor in the pack's snapshot transaction: the statement runs
// once (one plan, one sort) and each FETCH hands over the next page, so neither the rows nor a list
// of their ids is ever held whole. The statement answers one JSON text column, `row`, which reads
// the same from PGlite and node-postgres (raw rows are typed by the driver otherwise).

// Rows a FETCH hands over: few round trips; the pack works through a page in slices (SLICE_ROWS).
export const PAGE_ROWS = 1_000;
// Rows worked on (decoded, laid out, redacted, zipped) between two turns of the event loop: about
// 2 ms of work for 100 messages, so a request arriving meanwhile waits little.
export const SLICE_ROWS = 100;

type Page = { rows: Array<{ row: string }> };

export async function* pagesOf<Row>(
  tx: Executor,
  name: string,
  query: SQL,
  decode: (row: string) => Row,
): AsyncGenerator<Row[]> {
  // The name is the caller's constant, never input.
  const cursor = sql.raw(name);
  await tx.execute(sql`declare ${cursor} no scroll cursor for ${query}`);
  // One statement at a time on the transaction's connection: the next page is asked for once this
  // one is handed on (asking ahead lost pages on PGlite).
  for (;;) {
    const { rows } = (await tx.execute(sql`fetch ${sql.raw(String(PAGE_ROWS))} from ${cursor}`)) as Page;
    if (rows.length > 0) yield rows.map(({ row }) => decode(row));
    if (rows.length < PAGE_ROWS) break;
  }
  await tx.execute(sql`close ${cursor}`);
}
