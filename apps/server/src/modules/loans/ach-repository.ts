import { and, asc, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  achEntries,
  achFiles,
  achRefusals,
  debitAuthorizations,
  debitStops,
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

// Held until the transaction ends, as a return or an authorization holds it (debit-stop-repository's
// lockCustomerDebits, the same key), taken in id order so two builders never wait on each other.
export async function lockDebitsOfCustomers(tx: Executor, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtextextended('failed-debits:' || s.id::text, 0))) from (select id from unnest(${idArray(ids)}) id order by id) s`,
  );
}

// The next customers (by id, after `after`) with a debit due in the range or a refund to send.
export async function findAchCustomersAfter(
  db: Executor,
  range: { from: string; to: string },
  after: number,
  limit: number,
): Promise<number[]> {
  const customersWith = (condition: SQL) =>
    db
      .select({ customerId: loans.customerId })
      .from(payments)
      .innerJoin(loans, eq(loans.id, payments.loanId))
      .where(and(condition, gt(loans.customerId, after)));
  const rows = await customersWith(dueAchDebit(range))
    .union(customersWith(unsentRefund))
    .orderBy(sql`customer_id`)
    .limit(limit);
  return rows.map((row) => row.customerId);
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

export async function findStopsInForceOfCustomers(tx: Executor, ids: readonly number[]) {
  return tx
    .select({ id: debitStops.id, customerId: debitStops.customerId, reason: debitStops.reason })
    .from(debitStops)
    .where(and(anyOf(debitStops.customerId, ids), isNull(debitStops.liftedAt)));
}

// Each customer's latest new authorization.
export async function findLatestAuthorizationsOfCustomers(tx: Executor, ids: readonly number[]) {
  return tx
    .selectDistinctOn([debitAuthorizations.customerId], {
      customerId: debitAuthorizations.customerId,
      givenAt: debitAuthorizations.givenAt,
    })
    .from(debitAuthorizations)
    .where(anyOf(debitAuthorizations.customerId, ids))
    .orderBy(debitAuthorizations.customerId, desc(debitAuthorizations.givenAt));
}

export async function markPaymentsPresented(tx: Executor, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(payments)
    .set({ processingAt: at, presentedAt: at, lockVersion: sql`${payments.lockVersion} + 1` })
    .where(anyOf(payments.id, ids));
}

export async function insertAchEntries(tx: Executor, rows: (typeof achEntries.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(achEntries).values(rows);
}

export async function insertAchRefusals(tx: Executor, rows: (typeof achRefusals.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(achRefusals).values(rows);
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
