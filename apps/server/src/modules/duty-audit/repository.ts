import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  auditEvents,
  customers,
  debitAuthorizations,
  debitStops,
  loans,
  messages,
  payments,
  type Executor,
} from '@portal/db';

// The duty audit's reads (issue 39, decision 059): only what was recorded, never a door's verdict
// (door_passed_at, held_until are not read). Deliveries and debits are streamed in pages by their
// time indexes (messages_sent_idx, payments_presented_idx), keyset on (time, id); the facts of a
// page's customers are read in batches, each list of ids one array parameter (never one bind
// parameter per id: PostgreSQL's protocol allows 65,535).

const idArray = (ids: readonly number[]) => sql`${sql.param([...ids])}::bigint[]`;
const anyOf = (column: AnyPgColumn, ids: readonly number[]): SQL => sql`${column} = any(${idArray(ids)})`;

// Where a page ended: the last row's time as the database wrote it (text, to the microsecond, so no
// row is read twice or skipped for a JavaScript Date's milliseconds) and its id.
export type Cursor = { at: string; id: number };

// A page of outbound messages delivered in [from, to), after the cursor, in delivery order.
export function findDeliveredPage(db: Executor, range: { from: Date; to: Date }, after: Cursor, limit: number) {
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      ticketId: messages.ticketId,
      type: messages.type,
      toAddress: messages.toAddress,
      sendingPath: messages.sendingPath,
      purpose: messages.purpose,
      legallyRequired: messages.legallyRequired,
      answersMessageId: messages.answersMessageId,
      sentAt: messages.sentAt,
      cursorAt: sql<string>`${messages.sentAt}::text`,
    })
    .from(messages)
    .where(
      and(
        sql`${messages.sentAt} >= ${after.at}::timestamptz and ${messages.sentAt} < ${range.to}`,
        sql`(${messages.sentAt}, ${messages.id}) > (${after.at}::timestamptz, ${after.id})`,
        eq(messages.inbound, false),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id))
    .limit(limit);
}
export type DeliveredRow = Awaited<ReturnType<typeof findDeliveredPage>>[number];

// A page of debits presented in [from, to), after the cursor, with the customer of their loan.
export function findPresentedPage(db: Executor, range: { from: Date; to: Date }, after: Cursor, limit: number) {
  return db
    .select({
      id: payments.id,
      loanId: payments.loanId,
      customerId: loans.customerId,
      presentedAt: payments.presentedAt,
      cursorAt: sql<string>`${payments.presentedAt}::text`,
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(
      and(
        sql`${payments.presentedAt} >= ${after.at}::timestamptz and ${payments.presentedAt} < ${range.to}`,
        sql`(${payments.presentedAt}, ${payments.id}) > (${after.at}::timestamptz, ${after.id})`,
      ),
    )
    .orderBy(asc(payments.presentedAt), asc(payments.id))
    .limit(limit);
}
export type PresentedRow = Awaited<ReturnType<typeof findPresentedPage>>[number];

// Where the customers may be, and their contact flags as they stand now (with when each was set).
export function findCustomerRecords(db: Executor, ids: readonly number[]) {
  return db
    .select({
      id: customers.id,
      state: customers.state,
      zip: customers.zip,
      phoneNumber: customers.phoneNumber,
      dnc: customers.dnc,
      dncReason: customers.dncReason,
      dncAt: customers.dncAt,
      cease: customers.cease,
      ceaseAt: customers.ceaseAt,
      attorney: customers.attorney,
      attorneyContext: customers.attorneyContext,
      attorneyAt: customers.attorneyAt,
    })
    .from(customers)
    .where(anyOf(customers.id, ids));
}
export type CustomerRecordRow = Awaited<ReturnType<typeof findCustomerRecords>>[number];

// The audited changes of the contact flags (customer.<flag>_on / _off, decision 046), oldest first:
// when each flag was on.
export const FLAG_CHANGE_ACTIONS = [
  'customer.dnc_on',
  'customer.dnc_off',
  'customer.cease_on',
  'customer.cease_off',
  'customer.attorney_on',
  'customer.attorney_off',
] as const;

export function findFlagChanges(db: Executor, ids: readonly number[]) {
  return db
    .select({
      entityId: auditEvents.entityId,
      action: auditEvents.action,
      at: auditEvents.createdAt,
      reason: sql<string | null>`${auditEvents.after} ->> 'reason'`,
      context: sql<string | null>`${auditEvents.after} ->> 'context'`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'customer'),
        sql`${auditEvents.entityId} = any(${sql.param(ids.map(String))}::text[])`,
        sql`${auditEvents.action} = any(${sql.param([...FLAG_CHANGE_ACTIONS])}::text[])`,
      ),
    )
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.id));
}

// The texts delivered to the customers in [from, to), for the weekly cap of collection texts: their
// road and purpose, so the cap counts what the gate would count as collection.
export function findTextsDelivered(db: Executor, ids: readonly number[], range: { from: Date; to: Date }) {
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      ticketId: messages.ticketId,
      sendingPath: messages.sendingPath,
      purpose: messages.purpose,
      legallyRequired: messages.legallyRequired,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .where(
      and(
        anyOf(messages.customerId, ids),
        eq(messages.inbound, false),
        eq(messages.type, 'text'),
        sql`${messages.sentAt} >= ${range.from} and ${messages.sentAt} < ${range.to}`,
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
}

// The customers' messages that deliveries claim to answer: when they wrote them, in which channel,
// and which of our deliveries answered first (the one answer a customer's message has).
export function findAnsweredInbound(db: Executor, ids: readonly number[]) {
  const first = sql<number | null>`(select min(o.id) from ${messages} o
    where o.answers_message_id = ${messages.id} and not o.inbound and o.sent_at is not null)`;
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      type: messages.type,
      inbound: messages.inbound,
      createdAt: messages.createdAt,
      firstAnswerId: sql<string | number | null>`${first}`,
    })
    .from(messages)
    .where(anyOf(messages.id, ids));
}

// Everything the failed-debit rules read of the customers: their payments on every loan with each
// payment's returns, the debit stops recorded and the new authorizations.
export function findDebitStops(db: Executor, ids: readonly number[]) {
  return db
    .select({
      id: debitStops.id,
      customerId: debitStops.customerId,
      stoppedAt: debitStops.stoppedAt,
      liftedAt: debitStops.liftedAt,
      reason: debitStops.reason,
    })
    .from(debitStops)
    .where(anyOf(debitStops.customerId, ids));
}

export function findDebitAuthorizations(db: Executor, ids: readonly number[]) {
  return db
    .select({ customerId: debitAuthorizations.customerId, givenAt: debitAuthorizations.givenAt })
    .from(debitAuthorizations)
    .where(anyOf(debitAuthorizations.customerId, ids))
    .orderBy(asc(debitAuthorizations.givenAt));
}
