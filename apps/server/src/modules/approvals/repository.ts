import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { approvals, type Executor } from '@portal/db';

// The approvals' queries (decision 069).

export type ApprovalRecord = typeof approvals.$inferSelect;

// Inserts the pending action, or answers undefined when the same action on the same thing waits
// already (approvals_pending_key).
export async function insertApproval(
  tx: Executor,
  values: typeof approvals.$inferInsert,
): Promise<ApprovalRecord | undefined> {
  const [row] = await tx.insert(approvals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPendingApproval(
  tx: Executor,
  key: { action: string; entityType: string; entityId: string },
): Promise<ApprovalRecord | undefined> {
  const [row] = await tx
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.status, 'pending'),
        eq(approvals.action, key.action),
        eq(approvals.entityType, key.entityType),
        eq(approvals.entityId, key.entityId),
      ),
    );
  return row;
}

export async function lockApproval(tx: Executor, id: number): Promise<ApprovalRecord | undefined> {
  const [row] = await tx.select().from(approvals).where(eq(approvals.id, id)).for('update');
  return row;
}

export async function decideApproval(
  tx: Executor,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedBy: number; decidedAt: Date; note: string | null },
): Promise<ApprovalRecord> {
  const [row] = await tx.update(approvals).set(values).where(eq(approvals.id, id)).returning();
  if (!row) throw new Error(`decideApproval: approval ${id} vanished`);
  return row;
}

// The pending actions whose time ran out, marked expired (on the moment they expired).
export async function expireDueApprovals(tx: Executor, now: Date): Promise<ApprovalRecord[]> {
  return tx
    .update(approvals)
    .set({ status: 'expired', decidedAt: sql`${approvals.expiresAt}` })
    .where(and(eq(approvals.status, 'pending'), lte(approvals.expiresAt, now)))
    .returning();
}

const stillPending = (now: Date) => and(eq(approvals.status, 'pending'), gt(approvals.expiresAt, now));

export async function findPendingApprovals(db: Executor, now: Date, limit: number): Promise<ApprovalRecord[]> {
  return db
    .select()
    .from(approvals)
    .where(stillPending(now))
    .orderBy(asc(approvals.madeAt), asc(approvals.id))
    .limit(limit);
}

export async function countPendingApprovals(db: Executor, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(approvals)
    .where(stillPending(now));
  return Number(row?.count ?? 0);
}

// Approvals of one action by id after `afterId`, with what they carry (a new SECRETS_KEY,
// rekey-payloads.ts).
export async function findPayloads(
  db: Executor,
  action: string,
  afterId: number,
  limit: number,
): Promise<Array<{ id: number; payload: unknown }>> {
  return db
    .select({ id: approvals.id, payload: approvals.payload })
    .from(approvals)
    .where(and(eq(approvals.action, action), gt(approvals.id, afterId)))
    .orderBy(asc(approvals.id))
    .limit(limit);
}

// Each payload replaced only where it is still the one read. Answers how many changed.
export async function replacePayloads(
  db: Executor,
  rows: ReadonlyArray<{ id: number; from: unknown; to: unknown }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = (await db.execute(sql`
    update approvals as a
    set payload = u.payload
    from unnest(
      ${sql.param(rows.map((row) => row.id))}::bigint[],
      ${sql.param(rows.map((row) => JSON.stringify(row.from)))}::jsonb[],
      ${sql.param(rows.map((row) => JSON.stringify(row.to)))}::jsonb[]
    ) as u(id, read, payload)
    where a.id = u.id and a.payload = u.read
    returning a.id`)) as { rows: unknown[] };
  return result.rows.length;
}
