import { and, asc, eq } from 'drizzle-orm';
import { auditEvents, type Database } from '@portal/db';

// The audit events of one action on one entity, oldest first: what a test reads after a change.
export function auditEventsOf(db: Database, action: string, entityId: number | string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(entityId))))
    .orderBy(asc(auditEvents.id));
}

// The audit events of one entity (a payment, say), whatever the action, oldest first.
export function auditEventsOfEntity(db: Database, entityType: string, entityId: number | string) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, entityType), eq(auditEvents.entityId, String(entityId))))
    .orderBy(asc(auditEvents.id));
}
