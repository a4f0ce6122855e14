import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { customers, type Executor } from '@portal/db';
import type { SealedSsn } from '@portal/db/seed';

// The queries of a customer's SSN (decision 023); the columns hold it sealed, hashed and as its last four.

const ssnColumns = {
  id: customers.id,
  ssnSealed: customers.ssnSealed,
  ssnHash: customers.ssnHash,
  ssnLast4: customers.ssnLast4,
};
export type StoredSsn = { id: number; ssnSealed: string | null; ssnHash: string | null; ssnLast4: string | null };

// The customers holding each of these keyed hashes, by the hash's index: one statement for every
// number of a request. Only the SSN door (ssn-search.ts) asks this.
export async function findCustomerIdsBySsnHashes(
  db: Executor,
  hashes: readonly string[],
): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>(hashes.map((hash) => [hash, []]));
  if (hashes.length === 0) return found;
  const rows = await db
    .select({ id: customers.id, hash: customers.ssnHash })
    .from(customers)
    .where(inArray(customers.ssnHash, [...hashes]))
    .orderBy(asc(customers.id));
  for (const row of rows) if (row.hash !== null) found.get(row.hash)?.push(row.id);
  return found;
}

export async function findCustomerSsn(db: Executor, customerId: number): Promise<StoredSsn | undefined> {
  const [row] = await db.select(ssnColumns).from(customers).where(eq(customers.id, customerId));
  return row;
}

export async function lockCustomerSsn(db: Executor, customerId: number): Promise<StoredSsn | undefined> {
  const [row] = await db.select(ssnColumns).from(customers).where(eq(customers.id, customerId)).for('update');
  return row;
}

// Held to the end of the transaction: two customers given one SSN at once are checked one after the
// other, so the second sees the first (a unique index cannot do it: force allows a second holder).
export async function lockSsnHash(db: Executor, hash: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`customer-ssn:${hash}`}, 0))`);
}

export async function writeCustomerSsn(db: Executor, customerId: number, ssn: SealedSsn): Promise<void> {
  await db
    .update(customers)
    .set({ ssnSealed: ssn.sealed, ssnHash: ssn.hash, ssnLast4: ssn.last4 })
    .where(eq(customers.id, customerId));
}

// Stored SSNs by id after `afterId`: those still in plain text (moved to ssn_sealed by migration
// 0011; the partial index customers_ssn_unsealed_idx holds exactly these rows), or every one (a
// new SECRETS_KEY, rekey-ssns.ts).
export async function findStoredSsns(
  db: Executor,
  which: 'unsealed' | 'all',
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; stored: string }>> {
  const rows = await db
    .select({ id: customers.id, stored: customers.ssnSealed })
    .from(customers)
    .where(
      which === 'unsealed'
        ? sql`${customers.ssnSealed} not like 'gcm1:%' and ${customers.id} > ${afterId}`
        : sql`${customers.ssnSealed} is not null and ${customers.id} > ${afterId}`,
    )
    .orderBy(asc(customers.id))
    .limit(limit);
  return rows.flatMap((row) => (row.stored === null ? [] : [{ id: row.id, stored: row.stored }]));
}

// The sealed SSNs that have these keyed hashes (a new SECRETS_KEY re-keys the hashes kept beside
// ACDV requests from them, rekey-ssns.ts).
export async function findSsnsByHashes(db: Executor, hashes: readonly string[]): Promise<StoredSsn[]> {
  if (hashes.length === 0) return [];
  return db
    .select(ssnColumns)
    .from(customers)
    .where(inArray(customers.ssnHash, [...hashes]))
    .orderBy(asc(customers.id));
}

export type SsnReplacement = {
  id: number;
  // The value read: a row changed since (another process sealed it) is left alone.
  from: string;
  sealed: string | null;
  hash: string | null;
  last4: string | null;
};

// Many rows in one statement: each column travels as one array and unnest() turns them back into
// rows (as bulkInsert, decision 006). Answers how many rows changed.
export async function replaceStoredSsns(db: Executor, rows: readonly SsnReplacement[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Raw statements answer rows whose shape the driver decides; only their number is read.
  const result = (await db.execute(sql`
    update customers as c
    set ssn_sealed = u.sealed, ssn_hash = u.hash, ssn_last4 = u.last4
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::bigint[],
      ${sql.param(rows.map((row) => row.from))}::text[],
      ${sql.param(rows.map((row) => row.sealed))}::text[],
      ${sql.param(rows.map((row) => row.hash))}::text[],
      ${sql.param(rows.map((row) => row.last4))}::text[]
    ) as u(id, read, sealed, hash, last4)
    where c.id = u.id and c.ssn_sealed = u.read
    returning c.id`)) as { rows: unknown[] };
  return result.rows.length;
}

// The newest sealed SSNs, for the start's check that SECRETS_KEY opens what is stored.
export async function findNewestSealedSsns(
  db: Executor,
  limit: number,
): Promise<Array<{ id: number; stored: string }>> {
  const rows = await db
    .select({ id: customers.id, stored: customers.ssnSealed })
    .from(customers)
    .where(sql`${customers.ssnSealed} like 'gcm1:%'`)
    .orderBy(desc(customers.id))
    .limit(limit);
  return rows.flatMap((row) => (row.stored === null ? [] : [{ id: row.id, stored: row.stored }]));
}
