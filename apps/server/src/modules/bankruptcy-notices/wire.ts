import {
  dateInTimeZone,
  daysLeft,
  DEADLINE_DAY_KINDS,
  isOverdue,
  noticeDocumentUrl,
  type BankruptcyNotice,
  type NoticeListItem,
  type NoticeStatus,
} from '@portal/contracts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { parsedDataForViewer } from './notice-ssn.ts';
import type { NoticeListRow, NoticeRecord, NoticeView } from './repository.ts';

// Notices as the wire carries them (contracts/bankruptcy-notices.ts). The status is derived, never
// stored: processed once processed_at is set, assigned while someone holds a live lease, otherwise
// ready_for_assignment.

type Lease = Pick<NoticeRecord, 'assignedTo' | 'leaseExpiresAt'>;

export const hasLiveLease = (notice: Lease, now: Date) =>
  notice.assignedTo !== null && notice.leaseExpiresAt !== null && notice.leaseExpiresAt > now;

export const isHeldBy = (notice: Lease, employeeId: number, now: Date) =>
  notice.assignedTo === employeeId && hasLiveLease(notice, now);

export function noticeStatus(notice: Lease & { processedAt: Date | null }, now: Date): NoticeStatus {
  if (notice.processedAt) return 'processed';
  return hasLiveLease(notice, now) ? 'assigned' : 'ready_for_assignment';
}

export function toWireNotice(
  view: NoticeView,
  viewer: { employeeId: number; box: SecretBox | null; now: Date },
): BankruptcyNotice {
  const { notice, customer } = view;
  const status = noticeStatus(notice, viewer.now);
  const holding = status === 'assigned';
  return {
    id: notice.id,
    status,
    employee_id: holding ? notice.assignedTo : null,
    employee_name: holding ? view.holderName : null,
    notice_source: notice.noticeSource,
    created_at: notice.createdAt.toISOString(),
    updated_at: notice.updatedAt.toISOString(),
    processed_at: notice.processedAt?.toISOString() ?? null,
    attachment_url: noticeDocumentUrl(notice.id),
    file_name: notice.fileName,
    type: notice.type,
    has_text: notice.hasText,
    parsed_data: parsedDataForViewer(
      viewer.box,
      notice.id,
      notice.parsedData,
      isHeldBy(notice, viewer.employeeId, viewer.now),
    ),
    customer:
      customer && notice.customerMatch
        ? {
            id: customer.id,
            first_name: customer.firstName,
            last_name: customer.lastName,
            ssn_last_four: customer.ssnLast4,
            match: notice.customerMatch,
            open_loan_ids: customer.openLoanIds,
          }
        : null,
  };
}

// The list's name: the matched customer's, else the debtor's as the notice gives it (first word,
// then the rest), else none.
function listName(row: NoticeListRow): { first_name: string | null; last_name: string | null } {
  if (row.customerFirstName !== null && row.customerLastName !== null)
    return { first_name: row.customerFirstName, last_name: row.customerLastName };
  const words = (row.debtorName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first_name: null, last_name: null };
  return { first_name: words[0]!, last_name: words.length > 1 ? words.slice(1).join(' ') : null };
}

export function toListItem(row: NoticeListRow, now: Date, timeZone: string): NoticeListItem {
  const holding = hasLiveLease(row, now);
  const receivedOn = dateInTimeZone(row.createdAt, timeZone);
  const dueOn = row.dueOn;
  const today = dateInTimeZone(now, timeZone);
  return {
    id: row.id,
    status: holding ? 'assigned' : 'ready_for_assignment',
    employee_id: holding ? row.assignedTo : null,
    ...listName(row),
    created_at: row.createdAt.toISOString(),
    received_date: receivedOn,
    type: row.type,
    due_on: dueOn,
    days_left: daysLeft(dueOn, today, DEADLINE_DAY_KINDS.bankruptcy_notice),
    days_kind: DEADLINE_DAY_KINDS.bankruptcy_notice,
    overdue: isOverdue(dueOn, today),
  };
}
