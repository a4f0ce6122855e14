import type { AuditEventRecord } from '../../platform/audit.ts';
import { toCsv } from './csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// The audit trail of everything done on the customer's records, and the same table for a part of it
// (the loans' changes).

export function auditCsv(record: EvidenceRecord, events: readonly AuditEventRecord[]): string {
  return toCsv(
    ['event_id', 'at', 'employee', 'action', 'entity_type', 'entity_id', 'before', 'after'],
    events.map((event) => ({
      event_id: event.id,
      at: event.createdAt,
      employee: employeeLabel(record.employeeNames, event.employeeId) ?? 'system',
      action: event.action,
      entity_type: event.entityType,
      entity_id: event.entityId,
      before: event.before,
      after: event.after,
    })),
  );
}

export function auditFiles(record: EvidenceRecord): PackFile[] {
  return [
    {
      path: 'audit/audit-trail.csv',
      section: 'audit',
      description:
        'Every audited action on the customer and their loans, payments, conversations, messages, disputes, ACDVs and bankruptcy notices, oldest first: who (an employee, or the Portal itself), when, what, and the values before and after.',
      content: auditCsv(record, record.auditTrail),
      records: record.auditTrail.length,
    },
  ];
}
