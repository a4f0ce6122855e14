import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  achEntries,
  achFiles,
  achRefusals,
  achReturnFiles,
  bulkInsert,
  loans,
  payments,
  type Executor,
} from '@portal/db';
import { activeLoanWhere } from './active-loan-where.ts';
import { returnedRow } from '../../platform/returned-row.ts';

// The ACH file's queries (issue 41, decision 068): which customers have a debit due or a refund
// waiting, their facts for the door in one statement per kind for a batch of customers (each list
// of ids one array parameter), and the file's rows. Queries only; the door's rule is in contracts.

export type AchFileRecord = typeof achFiles.$inferSelect;
export type AchEntryRecord = typeof achEntries.$inferSelect;

const idArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;
const anyOf = (column: AnyPgColumn, ids: readonly number[]): SQL => sql`${column} = any(${idArray(ids)})`;

// An ACH payment due in [from, to], not sent, not paid, not cancelled, on an active loan.
const dueAchDebit = (range: { from: string; to: string }) =>
  and(
    eq(payments.method, 'ach'),
    sql`${payments.due} between ${range.from} and ${range.to}`,
    isNull(payments.paidAt),
    isNull(payments.processingAt),
    isNull(payments.invalidAt),
    activeLoanWhere,
  )!;

// An ACH payment refunded whose credit has not gone in a file yet.
const unsentRefund = and(
  eq(payments.method, 'ach'),
  sql`${payments.refundedAt} is not null`,
  sql`not exists (select 1 from ${achEntries} e where e.payment_id = ${payments.id} and e.kind = 'credit')`,
)!;

// Every customer with a debit due in the range or a refund to send, by id, with how many of each.
export async function findAchCustomers(
  db: Executor,
  range: { from: string; to: string },
): Promise<{ customerId: number; items: number; refunds: number }[]> {
  const candidates = (condition: SQL, refund: number) =>
    db
      .select({ customerId: loans.customerId, refund: sql<number>`${refund}::int`.as('refund') })
      .from(payments)
      .innerJoin(loans, eq(loans.id, payments.loanId))
      .where(condition);
  const all = candidates(dueAchDebit(range), 0).unionAll(candidates(unsentRefund, 1)).as('candidates');
  const rows = await db
    .select({
      customerId: all.customerId,
      items: sql<number>`count(*)::int`,
      refunds: sql<number>`sum(${all.refund})::int`,
    })
    .from(all)
    .groupBy(all.customerId)
    .orderBy(all.customerId);
  return rows.map((row) => ({ customerId: row.customerId, items: Number(row.items), refunds: Number(row.refunds) }));
}

export type DueDebit = {
  payment: typeof payments.$inferSelect;
  customerId: number;
  autoDebit: boolean;
};

export async function findDueDebitsOfCustomers(
  tx: Executor,
  ids: readonly number[],
  range: { from: string; to: string },
): Promise<DueDebit[]> {
  return tx
    .select({ payment: payments, customerId: loans.customerId, autoDebit: loans.autoDebit })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(and(anyOf(loans.customerId, ids), dueAchDebit(range)))
    .orderBy(asc(loans.customerId), asc(payments.due), asc(payments.id));
}

export async function findUnsentRefundsOfCustomers(tx: Executor, ids: readonly number[]): Promise<DueDebit[]> {
  return tx
    .select({ payment: payments, customerId: loans.customerId, autoDebit: loans.autoDebit })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(and(anyOf(loans.customerId, ids), unsentRefund))
    .orderBy(asc(loans.customerId), asc(payments.id));
}

export async function markPaymentsPresented(tx: Executor, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({ processingAt: at, presentedAt: at, lockVersion: sql`${payments.lockVersion} + 1` })
    .where(anyOf(payments.id, ids));
}

export async function insertAchEntries(tx: Executor, rows: (typeof achEntries.$inferInsert)[]): Promise<void> {
  await bulkInsert(tx, achEntries, rows);
}

// A debit refused again by a file finished after a crash is kept once (ach_refusals_file_payment_key).
export async function insertAchRefusals(tx: Executor, rows: (typeof achRefusals.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(achRefusals).values(rows).onConflictDoNothing();
}

export async function lockFileStart(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('ach-file-start', 0))`);
}

// At most one file builds at a time (ach_files_one_building_key).
export async function findBuildingFile(tx: Executor): Promise<AchFileRecord | undefined> {
  const [row] = await tx.select().from(achFiles).where(eq(achFiles.status, 'building')).for('update');
  return row;
}

export async function findLatestFile(tx: Executor): Promise<AchFileRecord | undefined> {
  const [row] = await tx.select().from(achFiles).orderBy(desc(achFiles.id)).limit(1);
  return row;
}

export async function findFileModifiersOf(tx: Executor, processingDate: string): Promise<string[]> {
  const rows = await tx
    .select({ modifier: achFiles.fileIdModifier })
    .from(achFiles)
    .where(eq(achFiles.processingDate, processingDate));
  return rows.map((row) => row.modifier);
}

export async function insertAchFile(tx: Executor, values: typeof achFiles.$inferInsert): Promise<AchFileRecord> {
  return returnedRow(await tx.insert(achFiles).values(values).returning(), 'insertAchFile: insert returned nothing');
}

export async function updateAchFile(
  tx: Executor,
  id: number,
  values: Partial<typeof achFiles.$inferInsert>,
): Promise<void> {
  await tx.update(achFiles).set(values).where(eq(achFiles.id, id));
}

export async function findAchFile(db: Executor, id: number): Promise<AchFileRecord | undefined> {
  const [row] = await db.select().from(achFiles).where(eq(achFiles.id, id));
  return row;
}

// How far a file got: its entries so far and the refusals written.
export async function countFileRows(tx: Executor, fileId: number): Promise<{ entries: number; refusals: number }> {
  const [row] = await tx
    .select({
      entries: sql<number>`(select count(*)::int from ${achEntries} where ${achEntries.fileId} = ${fileId})`,
      refusals: sql<number>`(select count(*)::int from ${achRefusals} where ${achRefusals.fileId} = ${fileId})`,
    })
    .from(sql`(select 1) one`);
  return { entries: Number(row?.entries ?? 0), refusals: Number(row?.refusals ?? 0) };
}

// The file's highest entry sequence (0 before its first entry).
export async function findLastSequence(db: Executor, fileId: number): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${achEntries.sequence}), 0)::int` })
    .from(achEntries)
    .where(eq(achEntries.fileId, fileId));
  return Number(row?.last ?? 0);
}

export async function findEntriesOfFile(db: Executor, fileId: number): Promise<AchEntryRecord[]> {
  return db.select().from(achEntries).where(eq(achEntries.fileId, fileId)).orderBy(asc(achEntries.sequence));
}

export async function findRefusalsOfFile(db: Executor, fileId: number, limit: number) {
  return db
    .select({
      paymentId: achRefusals.paymentId,
      loanId: payments.loanId,
      duty: achRefusals.duty,
      sentence: achRefusals.sentence,
    })
    .from(achRefusals)
    .innerJoin(payments, eq(payments.id, achRefusals.paymentId))
    .where(eq(achRefusals.fileId, fileId))
    .orderBy(asc(achRefusals.id))
    .limit(limit);
}

export async function findRecentFiles(db: Executor, limit: number): Promise<AchFileRecord[]> {
  return db.select().from(achFiles).orderBy(desc(achFiles.id)).limit(limit);
}

export type EntryByTrace = AchEntryRecord & { customerId: number };

// The latest entry of each trace number (sequences wrap after 9,999,999 entries), with its customer.
export async function findEntriesByTraces(db: Executor, traces: readonly string[]): Promise<EntryByTrace[]> {
  if (traces.length === 0) return [];
  const rows = await db
    .selectDistinctOn([achEntries.traceNumber], { entry: achEntries, customerId: loans.customerId })
    .from(achEntries)
    .innerJoin(payments, eq(payments.id, achEntries.paymentId))
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(sql`${achEntries.traceNumber} = any(${sql.param([...new Set(traces)])}::text[])`)
    .orderBy(achEntries.traceNumber, desc(achEntries.id));
  return rows.map(({ entry, customerId }) => ({ ...entry, customerId }));
}

// Of these entries, those a return was already recorded for (read under the customers' locks).
export async function findReturnedEntryIds(tx: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: achEntries.id })
    .from(achEntries)
    .where(and(anyOf(achEntries.id, ids), sql`${achEntries.returnedBounceId} is not null`));
  return new Set(rows.map((row) => row.id));
}

// Each return tied to the ACH entry that presented its payment: the payment's latest debit entry not
// yet returned (a payment goes in a file again only after it came back).
export async function markEntriesReturned(
  tx: Executor,
  marks: readonly { paymentId: number; bounceId: number }[],
): Promise<void> {
  if (marks.length === 0) return;
  await tx.execute(sql`
    update ${achEntries} set returned_bounce_id = m.bounce_id
    from unnest(${sql.param(marks.map((mark) => mark.paymentId))}::bigint[], ${sql.param(marks.map((mark) => mark.bounceId))}::bigint[]) as m(payment_id, bounce_id)
    where ${achEntries.id} = (select max(e.id) from ${achEntries} e
      where e.payment_id = m.payment_id and e.kind = 'debit' and e.returned_bounce_id is null)`);
}

export type AchReturnFileRecord = typeof achReturnFiles.$inferSelect;

export async function findReturnFileBySha(db: Executor, sha256: string): Promise<AchReturnFileRecord | undefined> {
  const [row] = await db.select().from(achReturnFiles).where(eq(achReturnFiles.sha256, sha256));
  return row;
}

// The file recorded, or (when the same file was recorded meanwhile) the one that was.
export async function insertReturnFile(
  db: Executor,
  values: typeof achReturnFiles.$inferInsert,
): Promise<AchReturnFileRecord> {
  const [row] = await db.insert(achReturnFiles).values(values).onConflictDoNothing().returning();
  return row ?? (await findReturnFileBySha(db, values.sha256))!;
}

export async function findRecentReturnFiles(db: Executor, limit: number): Promise<AchReturnFileRecord[]> {
  return db.select().from(achReturnFiles).orderBy(desc(achReturnFiles.id)).limit(limit);
}
