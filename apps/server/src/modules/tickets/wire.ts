import type { Message, SlaClock, TicketSnooze, TicketSummary } from '@portal/contracts';
import type { MessageSummary } from '../../platform/message-store.ts';

// The columns a message needs on the wire (never the raw MIME, which can be large).
export type WireMessageSource = MessageSummary;

export function isoOrNull(at: Date | null): string | null {
  return at ? at.toISOString() : null;
}

export function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part).join(' ');
  return name === '' ? null : name;
}

export function toWireMessage(row: WireMessageSource, employeeName: string | null): Message {
  return {
    id: row.id,
    ticket_id: row.ticketId,
    type: row.type,
    inbound: row.inbound,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    processed: row.processed,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    employee_name: employeeName,
    auto_response: row.autoResponse,
    held_until: isoOrNull(row.heldUntil),
  };
}

export type SummaryRow = {
  id: number;
  customerId: number | null;
  firstName: string | null;
  lastName: string | null;
  channel: 'text' | 'email';
  contact: string;
  subject: string | null;
  preview: string | null;
  createdAt: Date;
  archivedAt: Date | null;
  escalatedAt: Date | null;
  escalatedByName: string | null;
} & SnoozeColumns &
  SlaColumns;

// The reply-time clock's columns (decision 066) and the target it runs against, in business seconds.
export type SlaColumns = {
  slaTarget: 'first_reply' | 'next_reply' | null;
  slaStartedAt: Date | null;
  slaUsedSeconds: number;
  slaRunningSince: Date | null;
  slaDueAt: Date | null;
  slaTargetSeconds: number | null;
};

export function toSlaClock(row: SlaColumns): SlaClock | null {
  if (row.slaTarget === null || row.slaStartedAt === null) return null;
  return {
    target: row.slaTarget,
    started_at: row.slaStartedAt.toISOString(),
    due_at: isoOrNull(row.slaDueAt),
    paused: row.slaRunningSince === null,
    target_minutes: Math.round((row.slaTargetSeconds ?? 0) / 60),
    used_seconds: row.slaUsedSeconds,
  };
}

// The snooze columns of a ticket and the name of who snoozed it (decision 064).
export type SnoozeColumns = {
  snoozedAt: Date | null;
  snoozedUntil: Date | null;
  snoozeEndedAt: Date | null;
  snoozeEndReason: 'time' | 'customer_replied' | 'unsnoozed' | null;
  snoozedByName: string | null;
};

// Null if never snoozed; while snoozed returned_at is null; once back, the "Back from snooze" marker.
export function toTicketSnooze(row: SnoozeColumns): TicketSnooze {
  if (!row.snoozedAt && !row.snoozeEndedAt) return null;
  const snoozed = row.snoozedAt !== null;
  return {
    until: isoOrNull(row.snoozedUntil),
    until_reply: row.snoozedUntil === null,
    by: row.snoozedByName,
    returned_at: snoozed ? null : isoOrNull(row.snoozeEndedAt),
    reason: snoozed ? null : row.snoozeEndReason,
  };
}

export function toTicketSummary(row: SummaryRow): TicketSummary {
  return {
    id: row.id,
    user_id: row.customerId,
    name: fullName(row.firstName, row.lastName),
    channel: row.channel,
    contact: row.contact,
    subject: row.subject,
    preview: row.preview ?? '',
    created_at: row.createdAt.toISOString(),
    archived: isoOrNull(row.archivedAt),
    escalated: isoOrNull(row.escalatedAt),
    last_escalated_by: row.escalatedByName,
    snooze: toTicketSnooze(row),
    sla: toSlaClock(row),
  };
}
