import type { AuditEventRecord } from '../../platform/audit.ts';
import { csvHeader, csvRows } from '../../platform/csv.ts';
import { employeeLabel } from './pack-file.ts';

// The audit trail of everything done on the customer's records, and the same table for a part of it
// (the loans' changes), written page by page.

const AUDIT_COLUMNS = ['event_id', 'at', 'employee', 'action', 'entity_type', 'entity_id', 'before', 'after'] as const;

export const AUDIT_HEADER = csvHeader(AUDIT_COLUMNS);

export function auditCsvRows(names: ReadonlyMap<number, string>, events: readonly AuditEventRecord[]): string {
  return csvRows(
    AUDIT_COLUMNS,
    events.map((event) => ({
      event_id: event.id,
      at: event.createdAt,
      employee: employeeLabel(names, event.employeeId) ?? 'system',
      action: event.action,
      entity_type: event.entityType,
      entity_id: event.entityId,
      before: event.before,
      after: event.after,
    })),
  );
}

export const AUDIT_TRAIL_FILE = {
  path: 'audit/audit-trail.csv',
  section: 'audit',
  description:
    'Every audited action on the customer and their loans, payments, debit stops and authorizations, underwriting reviews, conversations and messages (those not yet linked from their addresses too), disputes, ACDVs and bankruptcy notices, oldest first: who (an employee, or the Portal itself), when, what, and the values before and after.',
} as const;

export const LOAN_CHANGES_FILE = {
  path: 'loans/changes.csv',
  section: 'loans',
  description:
    'Every audited change to the loans and their payments, oldest first: who, when, what, and the values before and after.',
} as const;
