import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintIdentity, timestampNow } from './columns.ts';
import { employees } from './employees.ts';

// Who did what to which record, with before and after values (convention 5).
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigintIdentity(),
    employeeId: integer().references(() => employees.id),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ipAddress: text(),
    // The request that recorded it (X-Request-Id, the logs' request_id); null outside a request.
    requestId: text(),
    createdAt: timestampNow(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
    index('audit_events_employee_idx').on(table.employeeId, table.createdAt),
  ],
);
