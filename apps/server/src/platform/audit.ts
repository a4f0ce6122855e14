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
