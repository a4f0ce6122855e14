import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditEvents, customerEmails, messages, payments, tickets, type Database } from '@portal/db';

export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

// The tables a refused call must leave alone, counted together so a test can compare before and after.
export async function countWrites(db: Database) {
  return {
    tickets: await countRows(db, tickets),
    messages: await countRows(db, messages),
    payments: await countRows(db, payments),
    customerEmails: await countRows(db, customerEmails),
    auditEvents: await countRows(db, auditEvents),
  };
}
