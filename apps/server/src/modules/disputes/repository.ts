import { count, eq, inArray, isNull } from 'drizzle-orm';
import { creditReportingFlags, disputes, type Database, type Executor } from '@portal/db';
import { employeeNameOf } from '../session/index.ts';
import { returnedRow } from '../../platform/returned-row.ts';

// The disputes module's queries (Drizzle only; the rules are in the services).

export type DisputeRecord = typeof disputes.$inferSelect;
export type NewDispute = typeof disputes.$inferInsert;
// A dispute with the name of whoever holds (or last held) its lease; the service decides if it is live.
export type DisputeView = { dispute: DisputeRecord; holderName: string | null };

export async function insertDisputes(
  tx: Executor,
  rows: NewDispute[],
): Promise<Array<{ id: number; fileName: string; storageKey: string }>> {
  if (rows.length === 0) return [];
  return tx
    .insert(disputes)
    .values(rows)
    .returning({ id: disputes.id, fileName: disputes.fileName, storageKey: disputes.storageKey });
}

// Counted from the partial index disputes_unresolved_idx.
export async function countUnresolvedDisputes(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(disputes).where(isNull(disputes.resolvedAt));
  return row?.total ?? 0;
}

// One page of the unresolved list, in the order of disputes_unresolved_idx (due date, id).
export async function findUnresolvedPage(db: Database, limit: number, offset: number): Promise<DisputeView[]> {
  const rows = await db
    .select({ dispute: disputes, holderName: employeeNameOf(disputes.assignedTo) })
    .from(disputes)
    .where(isNull(disputes.resolvedAt))
    .orderBy(disputes.dueDate, disputes.id)
    .limit(limit)
    .offset(offset);
  return rows;
}

export async function findDisputeView(db: Executor, id: number): Promise<DisputeView | undefined> {
  const [row] = await db
    .select({ dispute: disputes, holderName: employeeNameOf(disputes.assignedTo) })
    .from(disputes)
    .where(eq(disputes.id, id));
  return row;
}

// The row locked for the rest of the transaction, so changes of one dispute apply one after the other.
export async function lockDispute(tx: Executor, id: number): Promise<DisputeRecord | undefined> {
  const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
  return row;
}

export async function updateDispute(tx: Executor, id: number, values: Partial<NewDispute>): Promise<DisputeRecord> {
  return returnedRow(
    await tx.update(disputes).set(values).where(eq(disputes.id, id)).returning(),
    `updateDispute: dispute ${id} vanished`,
  );
}

export async function findDisputeDocument(
  db: Database,
  id: number,
): Promise<{ fileName: string; storageKey: string } | undefined> {
  const [row] = await db
    .select({ fileName: disputes.fileName, storageKey: disputes.storageKey })
    .from(disputes)
    .where(eq(disputes.id, id));
  return row;
}

export async function insertCreditReportingFlag(
  tx: Executor,
  values: { loanId: number; reason: string; disputeId: number; createdBy: number; createdAt: Date },
): Promise<void> {
  await tx.insert(creditReportingFlags).values(values);
}

// The letters of these loans with when each came in and was answered, and whether the consumer
// still disagreed (credit reporting reports a loan as disputed meanwhile, and XC after).
export async function findDisputesOfLoans(
  db: Executor,
  loanIds: readonly number[],
): Promise<
  Array<{ id: number; loanId: number | null; receivedAt: Date; answeredAt: Date | null; consumerDisagrees: boolean }>
> {
  if (loanIds.length === 0) return [];
  return db
    .select({
      id: disputes.id,
      loanId: disputes.loanId,
      receivedAt: disputes.receivedAt,
      answeredAt: disputes.resolvedAt,
      consumerDisagrees: disputes.consumerDisagrees,
    })
    .from(disputes)
    .where(inArray(disputes.loanId, [...loanIds]));
}
