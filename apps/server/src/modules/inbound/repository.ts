import { sql } from 'drizzle-orm';
import type { Executor } from '@portal/db';

export type InboundChannel = 'text' | 'email';

// Serialises the transactions that share a key until they commit: the same provider id twice
// (a webhook retried) or two messages from one sender arriving together (one ticket, not two).
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
