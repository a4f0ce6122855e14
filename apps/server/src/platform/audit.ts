import { and, count, desc, eq, gt, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { auditEvents, bulkInsert, type Executor } from '@portal/db';
import { currentRequestId } from './request-context.ts';
import { olderThan, timeKeyOf, type TimeBound } from './time-keyset.ts';

export type AuditEvent = {
  employeeId: number | null;
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
  // The request that made the change; by default the one running now (request-context.ts).
  requestId?: string | null;
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
    requestId: event.requestId ?? currentRequestId(),
  });
}

// Many events in one statement (a file of returns records thousands), in the caller's transaction.
export async function recordAuditEvents(executor: Executor, events: readonly AuditEvent[]): Promise<void> {
  await bulkInsert(
    executor,
    auditEvents,
    events.map((event) => ({
      employeeId: event.employeeId,
      action: event.action,
      entityType: event.entityType,
      entityId: event.entityId === null ? null : String(event.entityId),
      before: event.before ?? null,
      after: event.after ?? null,
      ipAddress: event.ipAddress ?? null,
      requestId: event.requestId ?? currentRequestId(),
    })),
  );
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

// A page of the records' events, newest first, after the bound (the customer's timeline, issue 40),
// with each event's time as a key. One branch per entity type, each joining its subquery of ids
// (one column, `id`) to audit_events_entity_idx, so no list of ids is ever bound.
export async function findAuditTrailPage(
  executor: Executor,
  entities: ReadonlyArray<{ entityType: string; entityIds: SQL }>,
  bound: TimeBound | null,
  limit: number,
) {
  const branches = entities.map(({ entityType, entityIds }) =>
    executor
      .select({
        id: auditEvents.id,
        employeeId: auditEvents.employeeId,
        action: auditEvents.action,
        entityType: auditEvents.entityType,
        entityId: auditEvents.entityId,
        before: auditEvents.before,
        after: auditEvents.after,
        createdAt: auditEvents.createdAt,
        timeKey: timeKeyOf(auditEvents.createdAt).as('time_key'),
      })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityType, entityType),
          sql`${auditEvents.entityId} in (select ids.id::text from (${entityIds}) as ids)`,
          olderThan(auditEvents.createdAt, auditEvents.id, bound),
        ),
      )
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(limit),
  );
  const [first, second, ...rest] = branches;
  if (!first) return [];
  if (!second) return first;
  return unionAll(first, second, ...rest)
    .orderBy(sql`created_at desc`, sql`id desc`)
    .limit(limit);
}

// The records' events as one statement for a cursor (a long trail read in pages), oldest first,
// each event one JSON text column `row` (decode with auditEventOfRow). Each entity type's ids come
// from a subquery (one column, `id`), joined by the planner: a customer's 100,000 messages are
// not 100,000 bound parameters (PostgreSQL takes 65,535). The address an event came from is left out.
export function auditTrailRowsQuery(entities: ReadonlyArray<{ entityType: string; entityIds: SQLWrapper }>): SQL {
  const branches = entities.map(
    ({ entityType, entityIds }) =>
      sql`select * from ${auditEvents} where ${auditEvents.entityType} = ${entityType} and ${auditEvents.entityId} in (select ids.id::text from (${entityIds}) as ids)`,
  );
  return sql`select json_build_object('id', e.id, 'employee_id', e.employee_id, 'action', e.action,
      'entity_type', e.entity_type, 'entity_id', e.entity_id, 'before', e.before, 'after', e.after,
      'created_at', e.created_at)::text as row
    from (${sql.join(branches, sql` union all `)}) as e order by e.created_at, e.id`;
}

type AuditEventJson = {
  id: number;
  employee_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

export function auditEventOfRow(row: string): AuditEventRecord {
  const event = JSON.parse(row) as AuditEventJson;
  return {
    id: Number(event.id),
    employeeId: event.employee_id,
    action: event.action,
    entityType: event.entity_type,
    entityId: event.entity_id,
    before: event.before,
    after: event.after,
    ipAddress: null,
    requestId: null,
    createdAt: new Date(event.created_at),
  };
}
