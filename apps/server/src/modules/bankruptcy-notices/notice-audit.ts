import type { SecretBox } from '../../platform/secret-box.ts';
import { maskedParsedData } from './notice-ssn.ts';
import type { NoticeRecord } from './repository.ts';

export const NOTICE_ENTITY = 'bankruptcy_notice';

// The audit record's view of a notice: what staff change and who holds it, SSNs masked.
export function noticeSnapshot(notice: NoticeRecord, box: SecretBox | null) {
  return {
    type: notice.type,
    parsed_data: maskedParsedData(box, notice.id, notice.parsedData),
    customer_id: notice.customerId,
    customer_match: notice.customerMatch,
    assigned_to: notice.assignedTo,
    lease_expires_at: notice.leaseExpiresAt?.toISOString() ?? null,
    processed_at: notice.processedAt?.toISOString() ?? null,
  };
}
