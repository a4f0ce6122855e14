import { and, asc, eq, type SQL } from 'drizzle-orm';
import { auditEvents, type Database } from '@portal/db';

function auditEventsWhere(db: Database, where: SQL | undefined) {
  return db.select().from(auditEvents).where(where).orderBy(asc(auditEvents.id));
}

// The audit events of one action on one entity, oldest first: what a test reads after a change.
export function auditEventsOf(db: Database, action: string, entityId: number | string) {
  return auditEventsWhere(db, and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))));
}

// The audit events of one entity (a payment, say), whatever the action, oldest first.
export function auditEventsOfEntity(db: Database, entityType: string, entityId: number | string) {
  return auditEventsWhere(db, and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, String(entityId))));
}
