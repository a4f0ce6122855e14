import { disputeDocumentUrl, type Dispute, type DisputeFormValues, type DisputeListItem } from '@portal/contracts';
import type { DisputeRecord } from './repository.ts';

// A dispute as the wire shows it. Its status is derived from the row: resolved once resolved_at is
// set; assigned while someone holds a live lease; otherwise unresolved (a lease that ran out is free).

export function liveHolder(dispute: DisputeRecord, now: Date): number | null {
  if (dispute.resolvedAt !== null) return null;
  const live = dispute.assignedTo !== null && dispute.leaseExpiresAt !== null && dispute.leaseExpiresAt > now;
  return live ? dispute.assignedTo : null;
}

export function isHeldBy(dispute: DisputeRecord, employeeId: number, now: Date): boolean {
  return liveHolder(dispute, now) === employeeId;
}

function listFields(dispute: DisputeRecord, holderName: string | null, now: Date, today: string) {
  const holderId = liveHolder(dispute, now);
  const resolved = dispute.resolvedAt !== null;
  return {
    id: dispute.id,
    status: resolved ? ('resolved' as const) : holderId !== null ? ('assigned' as const) : ('unresolved' as const),
    employee_id: holderId,
    employee_name: holderId !== null ? holderName : null,
    due_date: dispute.dueDate,
    overdue: !resolved && dispute.dueDate < today,
    first_name: dispute.firstName,
    last_name: dispute.lastName,
    user_id: dispute.customerId,
    failed_responses_count: dispute.failedResponsesCount,
  };
}

export function toDisputeListItem(
  dispute: DisputeRecord,
  holderName: string | null,
  now: Date,
  today: string,
): DisputeListItem {
  return listFields(dispute, holderName, now, today);
}

export function toWireDispute(dispute: DisputeRecord, holderName: string | null, now: Date, today: string): Dispute {
  return {
    ...listFields(dispute, holderName, now, today),
    received_at: dispute.receivedAt.toISOString(),
    letter_received_on: dispute.letterReceivedOn,
    dispute_url: disputeDocumentUrl(dispute.id),
    file_name: dispute.fileName,
    loan_id: dispute.loanId,
    street: dispute.street,
    city: dispute.city,
    state: dispute.state,
    zip: dispute.zip,
    type: dispute.type,
    sent_by_third_party: dispute.sentByThirdParty,
    contains_valid_3pa: dispute.containsValid3pa,
    phone_number: dispute.phoneNumber,
    ssn_last_four: dispute.ssnLast4,
    latest_failed_response_error: dispute.latestFailedResponseError,
    response_type: dispute.responseType,
    resolved_at: dispute.resolvedAt?.toISOString() ?? null,
    consumer_disagrees: dispute.consumerDisagrees,
    frivolous_at: dispute.frivolousAt?.toISOString() ?? null,
    frivolous_notice_sent_at: dispute.frivolousNoticeSentAt?.toISOString() ?? null,
  };
}

// The stored dispute as the form holds it, for the shared rules (resolveProblems).
export function toFormValues(dispute: DisputeRecord): DisputeFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    user_id: text(dispute.customerId),
    loan_id: text(dispute.loanId),
    first_name: text(dispute.firstName),
    last_name: text(dispute.lastName),
    street: text(dispute.street),
    city: text(dispute.city),
    state: text(dispute.state),
    zip: text(dispute.zip),
    type: text(dispute.type),
    sent_by_third_party: dispute.sentByThirdParty,
    contains_valid_3pa: dispute.containsValid3pa,
  };
}

// What the audit keeps of a dispute: never more of an SSN than its last four digits.
export function disputeSnapshot(dispute: DisputeRecord) {
  return {
    assignedTo: dispute.assignedTo,
    leaseExpiresAt: dispute.leaseExpiresAt?.toISOString() ?? null,
    userId: dispute.customerId,
    loanId: dispute.loanId,
    firstName: dispute.firstName,
    lastName: dispute.lastName,
    street: dispute.street,
    city: dispute.city,
    state: dispute.state,
    zip: dispute.zip,
    type: dispute.type,
    sentByThirdParty: dispute.sentByThirdParty,
    containsValid3pa: dispute.containsValid3pa,
    phoneNumber: dispute.phoneNumber,
    ssnLast4: dispute.ssnLast4,
    responseType: dispute.responseType,
    resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
    resolvedBy: dispute.resolvedBy,
    consumerDisagrees: dispute.consumerDisagrees,
  };
}
