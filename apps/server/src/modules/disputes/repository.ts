import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, not, sql, type SQL } from 'drizzle-orm';
import { readSort, type UnresolvedDisputesFilters } from '@portal/contracts';
import { creditReportingFlags, disputes, type Database, type Executor } from '@portal/db';
import type { ListWindow } from '../../platform/list-source.ts';
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

// The unresolved disputes the list's filters keep (issue 40): all of them, or only those someone
// holds a live lease on (assigned) or nobody does (unresolved); only the overdue ones. The status is
// dispute-wire.ts's liveHolder, written in SQL.
function unresolvedWhere(filters: UnresolvedDisputesFilters, now: Date, today: string): SQL | undefined {
  // Never null (each column is tested for null first), so its negation keeps the free ones.
  const live = sql`(${and(isNotNull(disputes.assignedTo), isNotNull(disputes.leaseExpiresAt), gt(disputes.leaseExpiresAt, now))})`;
  return and(
    isNull(disputes.resolvedAt),
    filters.status === 'assigned' ? live : filters.status === 'unresolved' ? not(live) : undefined,
    filters.due === 'overdue' ? lt(disputes.dueDate, today) : undefined,
  );
}

function unresolvedOrder(sort: UnresolvedDisputesFilters['sort']): SQL[] {
  const { column, descending } = readSort(sort);
  const way = descending ? desc : asc;
  return column === 'due_date' ? [way(disputes.dueDate), way(disputes.id)] : [way(disputes.id)];
}

// Counted from the partial index disputes_unresolved_idx.
export async function countUnresolvedDisputes(
  db: Executor,
  filters: UnresolvedDisputesFilters,
  now: Date,
  today: string,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(disputes)
    .where(unresolvedWhere(filters, now, today));
  return row?.total ?? 0;
}

// A window of the unresolved list, by default in the order of disputes_unresolved_idx (due date, id).
export async function findUnresolvedPage(
  db: Executor,
  filters: UnresolvedDisputesFilters,
  now: Date,
  today: string,
  window: ListWindow,
): Promise<DisputeView[]> {
  return db
    .select({ dispute: disputes, holderName: employeeNameOf(disputes.assignedTo) })
    .from(disputes)
    .where(unresolvedWhere(filters, now, today))
    .orderBy(...unresolvedOrder(filters.sort))
    .limit(window.limit)
    .offset(window.offset);
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
