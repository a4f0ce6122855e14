import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// The failed-debit stops (12 CFR 1041.8(b): automatic debits stopped after two consecutive failed
// withdrawals) and the customer's new authorizations that lifted them (1041.8(c)); their audit
// events are in audit/audit-trail.csv (entity types debit_stop and debit_authorization).

export function debitFiles(record: EvidenceRecord): PackFile[] {
  return [
    {
      path: 'loans/debit-stops.csv',
      section: 'loans',
      description:
        "Every failed-debit stop on the customer's automatic debits, oldest first: when and why, the returns that caused it, the consumer-rights notice sent, and when and by which new authorization it was lifted.",
      content: toCsv(
        [
          'stop_id',
          'stopped_at',
          'reason',
          'lifted_at',
          'lifted_by_authorization_id',
          'return_ids',
          'notice_message_id',
        ],
        record.debitStops.map((stop) => ({
          stop_id: stop.id,
          stopped_at: stop.stoppedAt,
          reason: stop.reason,
          lifted_at: stop.liftedAt,
          lifted_by_authorization_id: stop.liftedByAuthorizationId,
          return_ids: stop.bounceIds.join(' '),
          notice_message_id: stop.noticeMessageId,
        })),
      ),
      records: record.debitStops.length,
    },
    {
      path: 'loans/debit-authorizations.csv',
      section: 'loans',
      description:
        'Every new authorization of automatic debits the customer gave after a stop, oldest first: when given, how (written, electronic, recorded call), the note on what was authorized and where it is kept, and who recorded it.',
      content: toCsv(
        ['authorization_id', 'given_at', 'method', 'note', 'recorded_by', 'recorded_at'],
        record.debitAuthorizations.map((authorization) => ({
          authorization_id: authorization.id,
          given_at: authorization.givenAt,
          method: authorization.method,
          note: authorization.note,
          recorded_by: employeeLabel(record.employeeNames, authorization.recordedBy),
          recorded_at: authorization.createdAt,
        })),
      ),
      records: record.debitAuthorizations.length,
    },
  ];
}
