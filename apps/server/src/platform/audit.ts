import { and, count, desc, eq, gt, inArray, or, sql, type SQLWrapper } from 'drizzle-orm';
import { auditEvents, type Executor } from '@portal/db';

export type AuditEvent = {
  employeeId: number | null;
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
};

// Called inside the transaction of the change it describes, so there is no change without its record.
export async function recordAuditEvent(executor: Executor, event: AuditEvent): Promise<void> {
  await executor.insert(auditEvents).values({
    employeeId: event.employeeId,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId === null ? null : String(event.entityId),
    before: event.before ?? null,
    after: event.after ?? null,
    ipAddress: event.ipAddress ?? null,
  });
}

// Who made a change, as the audit keeps it: the employee (null for the system) and from where.
export type AuditActor = Pick<AuditEvent, 'employeeId' | 'ipAddress'>;

// The usual event: an actor's change to one record, named as [entity type, id], with what it was
// before and is after. Only the actor's id and address are kept, whatever else the actor carries.
export function recordChange(
  executor: Executor,
  actor: AuditActor,
  action: string,
  [entityType, entityId]: readonly [string, string | number],
  change: Pick<AuditEvent, 'before' | 'after'> = {},
): Promise<void> {
  const { employeeId, ipAddress } = actor;
  return recordAuditEvent(executor, { employeeId, action, entityType, entityId, ...change, ipAddress });
}

export type AuditEventRecord = typeof auditEvents.$inferSelect;

// The audit trail is platform's (it owns audit_events); modules read it through these.

// How many events of `action` the employee recorded in the last `seconds`, by the database's clock.
export async function countRecentAuditEvents(
  executor: Executor,
  employeeId: number,
  action: string,
  seconds: number,
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.employeeId, employeeId),
        eq(auditEvents.action, action),
        gt(auditEvents.createdAt, sql`now() - ${`${seconds} seconds`}::interval`),
      ),
    );
  return row?.n ?? 0;
}

// The records' events, newest first, at most `limit`: each entity type with its ids (a list, or a
// subquery of ids as text).
export async function findAuditTrail(
  executor: Executor,
  entities: ReadonlyArray<{ entityType: string; entityIds: readonly string[] | SQLWrapper }>,
  limit: number,
): Promise<AuditEventRecord[]> {
  return executor
    .select()
    .from(auditEvents)
    .where(
      or(
        ...entities.map(({ entityType, entityIds }) =>
          and(
            eq(auditEvents.entityType, entityType),
            inArray(auditEvents.entityId, Array.isArray(entityIds) ? [...entityIds] : (entityIds as SQLWrapper)),
          ),
        ),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}
