import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { acdvRequests, bankruptcyNotices, messageAttachments, messages, tickets } from '@portal/db';
import { auditTrailRowsQuery } from '../../platform/audit.ts';
import { customerEmailsOf, type CustomerRecord } from '../customers/index.ts';
import { disputeIdsOfCustomer, disputesOfCustomer } from '../disputes/index.ts';
import {
  debitAuthorizationIdsOfCustomer,
  debitStopIdsOfCustomer,
  loanIdsOfCustomer,
  paymentIdsOfCustomer,
} from '../loans/index.ts';
import { noteIdsOfCustomer } from '../notes/index.ts';
import { identityReviewIdsOf, incomeReviewIdsOf } from './underwriting-reads.ts';

// The long lists of a pack (messages, the audit trail), as statements read through a cursor
// (pack-cursor.ts): which rows by subqueries over the customer's records, never by lists of ids.

// Messages of conversations nobody has linked to the customer yet (tickets.customer_id null) that
// came from one of their addresses: their phone number or any email they have used, compared as
// tickets store a sender (phones as 10 digits, emails lowercased).
export function unlinkedMessagesOf(customer: CustomerRecord): SQL {
  const emails = sql`array(select lower(address) from unnest(${customerEmailsOf(sql`${customer.id}::bigint`)}) as address)`;
  const fromTheirs = or(
    sql`${tickets.contact} = any(${emails})`,
    customer.email ? eq(tickets.contact, customer.email.toLowerCase()) : undefined,
    customer.phoneNumber ? eq(tickets.contact, customer.phoneNumber) : undefined,
  );
  const unlinked = sql`select ${tickets.id} from ${tickets} where ${and(isNull(tickets.customerId), fromTheirs)}`;
  return sql`${messages.ticketId} in (${unlinked}) and ${messages.customerId} is distinct from ${customer.id}`;
}

export const customerMessagesOf = (customer: CustomerRecord): SQL => sql`${eq(messages.customerId, customer.id)}`;

// Every column the pack shows of a message (not its raw MIME or provider payload), with the ids of
// the documents attached, oldest first.
export function messageRowsQuery(which: SQL): SQL {
  const attached = sql`array(select ${messageAttachments.documentId} from ${messageAttachments}
    where ${messageAttachments.messageId} = ${messages.id} order by ${messageAttachments.documentId})`;
  return sql`select json_build_object('id', ${messages.id}, 'ticket_id', ${messages.ticketId},
      'type', ${messages.type}, 'inbound', ${messages.inbound}, 'subject', ${messages.subject},
      'body', ${messages.body}, 'from_address', ${messages.fromAddress}, 'to_address', ${messages.toAddress},
      'status', ${messages.status}, 'external_id', ${messages.externalId}, 'error', ${messages.error},
      'attempts', ${messages.attempts}, 'next_attempt_at', ${messages.nextAttemptAt},
      'employee_id', ${messages.employeeId}, 'macro_id', ${messages.macroId},
      'auto_response', ${messages.autoResponse}, 'purpose', ${messages.purpose},
      'held_until', ${messages.heldUntil}, 'sent_at', ${messages.sentAt}, 'created_at', ${messages.createdAt},
      'document_ids', ${attached})::text as row
    from ${messages} where ${which} order by ${messages.createdAt}, ${messages.id}`;
}

type MessageJson = {
  id: number;
  ticket_id: number | null;
  type: string;
  inbound: boolean;
  subject: string | null;
  body: string;
  from_address: string | null;
  to_address: string | null;
  status: string;
  external_id: string | null;
  error: string | null;
  attempts: number;
  next_attempt_at: string | null;
  employee_id: number | null;
  macro_id: number | null;
  auto_response: boolean;
  purpose: string | null;
  held_until: string | null;
  sent_at: string | null;
  created_at: string;
  document_ids: number[] | null;
};

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

export function messageOfRow(row: string) {
  const message = JSON.parse(row) as MessageJson;
  return {
    id: Number(message.id),
    ticketId: message.ticket_id === null ? null : Number(message.ticket_id),
    type: message.type,
    inbound: message.inbound,
    subject: message.subject,
    body: message.body,
    fromAddress: message.from_address,
    toAddress: message.to_address,
    status: message.status,
    externalId: message.external_id,
    error: message.error,
    attempts: message.attempts,
    nextAttemptAt: dateOf(message.next_attempt_at),
    employeeId: message.employee_id,
    macroId: message.macro_id,
    autoResponse: message.auto_response,
    purpose: message.purpose,
    heldUntil: dateOf(message.held_until),
    sentAt: dateOf(message.sent_at),
    createdAt: new Date(message.created_at),
    documentIds: (message.document_ids ?? []).map(Number),
  };
}
export type MessageRow = ReturnType<typeof messageOfRow>;

// A dispute or ACDV is the customer's when it names them or one of their loans (disputes: its
// owner's condition).
export const disputesOf = disputesOfCustomer;
export const acdvsOf = (customerId: number): SQL =>
  sql`${or(eq(acdvRequests.customerId, customerId), sql`${acdvRequests.loanId} in (${loanIdsOfCustomer(customerId)})`)}`;

// The changes to the customer's loans and payments (loans/changes.csv).
export function loanChangesQuery(customerId: number): SQL {
  return auditTrailRowsQuery([
    { entityType: 'loan', entityIds: loanIdsOfCustomer(customerId) },
    { entityType: 'payment', entityIds: paymentIdsOfCustomer(customerId) },
  ]);
}

// The events of every record of the customer: themselves, their loans and payments, debit stops
// and authorizations, underwriting reviews, conversations and messages (unlinked ones from their
// addresses too), internal notes, disputes, ACDVs and court notices (the entity types the modules audit under).
export function auditTrailQuery(customer: CustomerRecord): SQL {
  const customerId = customer.id;
  // Two selects, not one with OR, so each uses its index (the customer's; the unlinked tickets').
  const messagesWhere = (column: typeof messages.id | typeof messages.ticketId) =>
    sql`select ${column} as id from ${messages} where ${customerMessagesOf(customer)}
      union select ${column} as id from ${messages} where ${unlinkedMessagesOf(customer)}`;
  return auditTrailRowsQuery([
    { entityType: 'customer', entityIds: sql`select ${customerId}::bigint as id` },
    { entityType: 'loan', entityIds: loanIdsOfCustomer(customerId) },
    { entityType: 'payment', entityIds: paymentIdsOfCustomer(customerId) },
    { entityType: 'debit_stop', entityIds: debitStopIdsOfCustomer(customerId) },
    { entityType: 'debit_authorization', entityIds: debitAuthorizationIdsOfCustomer(customerId) },
    { entityType: 'identity_review', entityIds: identityReviewIdsOf(customerId) },
    { entityType: 'income_review', entityIds: incomeReviewIdsOf(customerId) },
    { entityType: 'ticket', entityIds: messagesWhere(messages.ticketId) },
    { entityType: 'message', entityIds: messagesWhere(messages.id) },
    { entityType: 'dispute', entityIds: disputeIdsOfCustomer(customerId) },
    {
      entityType: 'acdv_request',
      entityIds: sql`select ${acdvRequests.id} as id from ${acdvRequests} where ${acdvsOf(customerId)}`,
    },
    { entityType: 'note', entityIds: noteIdsOfCustomer(customerId) },
    {
      entityType: 'bankruptcy_notice',
      entityIds: sql`select ${bankruptcyNotices.id} as id from ${bankruptcyNotices} where ${eq(bankruptcyNotices.customerId, customerId)}`,
    },
  ]);
}
