import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bigintIdentity, integerIdentity, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { employees } from './employees.ts';
import { leaseColumns } from './work-queue-columns.ts';

export const ticketChannels = ['text', 'email'] as const;
export const ticketStates = ['open', 'closed'] as const;
export const messageTypes = ['text', 'email', 'notification'] as const;
export const messageStatuses = ['received', 'queued', 'sent', 'undelivered'] as const;
// Why an outbound message is sent (decision 046): collection messages ask for money owed and meet
// every contact rule; servicing messages (receipts, changes the customer asked for) fewer of them.
export const messagePurposes = ['collection', 'servicing'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: bigintIdentity(),
    // Null until the sender is matched to a customer (the Link Account panel).
    customerId: bigint({ mode: 'number' }).references(() => customers.id),
    channel: text({ enum: ticketChannels }).notNull(),
    // The phone number or address the customer wrote from; replies go back to it.
    contact: text().notNull(),
    subject: text(),
    state: text({ enum: ticketStates }).notNull().default('open'),
    archivedAt: timestamp({ withTimezone: true }),
    escalatedAt: timestamp({ withTimezone: true }),
    escalatedBy: integer().references(() => employees.id),
    // Snooze (issue 40, decision 064): set aside until a time (snoozedUntil) or, with no time, until
    // the customer replies. A snoozed ticket is out of the queue; when it returns snoozedAt is cleared
    // and snoozeEndedAt/snoozeEndReason say when and why (the "Back from snooze" marker).
    snoozedAt: timestamp({ withTimezone: true }),
    snoozedUntil: timestamp({ withTimezone: true }),
    snoozedBy: integer().references(() => employees.id),
    snoozeEndedAt: timestamp({ withTimezone: true }),
    snoozeEndReason: text({ enum: ['time', 'customer_replied', 'unsnoozed'] }),
    // The queue lease: who works the ticket now, and until when.
    ...leaseColumns(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
    // The first reply an employee sent, set by the database when it is inserted (migration 0019):
    // how long it took, in all and in business hours (decision 034).
    firstResponseAt: timestamp({ withTimezone: true }),
    firstResponseSeconds: integer(),
    firstResponseBusinessSeconds: integer(),
    // The Portal's after-hours auto-response, and the first inbound message after it (the customer
    // wrote again), set by the database as messages are inserted (migration 0021, decision 035).
    autoRespondedAt: timestamp({ withTimezone: true }),
    followedUpAt: timestamp({ withTimezone: true }),
    // The reply-time clock (SLA, issue 40, decision 066), run by the database as messages are
    // inserted and the ticket is snoozed or closed (migration 0039): which target runs (null: none,
    // the ticket waits on the customer), since when the customer waits, the business seconds used
    // before the current run, when the current run began (null: paused), and when it breaches.
    slaTarget: text({ enum: ['first_reply', 'next_reply'] }),
    slaStartedAt: timestamp({ withTimezone: true }),
    slaUsedSeconds: integer().notNull().default(0),
    slaRunningSince: timestamp({ withTimezone: true }),
    slaDueAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The queue hands out by time to breach, then oldest first (a ticket with no clock running last).
    index('tickets_queue_idx')
      .on(sql`coalesce(${table.slaDueAt}, 'infinity'::timestamptz)`, table.createdAt)
      .where(sql`state = 'open' and archived_at is null and escalated_at is null and snoozed_at is null`),
    index('tickets_customer_idx').on(table.customerId),
    index('tickets_contact_idx').on(table.contact, table.state),
    index('tickets_assigned_idx')
      .on(table.assignedTo)
      .where(sql`assigned_to is not null`),
    // The employee's closed tickets, newest first, read from the index alone (the GET tickets poll);
    // covering, so the poll's prepared statement keeps one cheap generic plan instead of re-planning.
    index('tickets_closed_by_idx')
      .on(table.closedBy, table.closedAt, table.id)
      .where(sql`state = 'closed'`),
    index('tickets_archived_idx')
      .on(table.archivedAt)
      .where(sql`state = 'open' and archived_at is not null`),
    // The snoozes due back (the sweep on GET tickets).
    index('tickets_snoozed_idx')
      .on(table.snoozedUntil)
      .where(sql`snoozed_at is not null`),
    index('tickets_escalated_idx')
      .on(table.escalatedAt)
      .where(sql`state = 'open' and escalated_at is not null`),
  ],
);

// The reply-time targets per channel, in business seconds: the configuration's (SLA_TARGETS),
// written at start, where the database's clock reads them.
export const slaTargets = pgTable('sla_targets', {
  channel: text({ enum: ticketChannels }).primaryKey(),
  firstReplySeconds: integer().notNull(),
  nextReplySeconds: integer().notNull(),
});

// Each clock that ended: by an employee's reply (messageId) or by the ticket's close, met or not.
// The share met per employee (analytics) is read from here.
export const slaOutcomes = pgTable(
  'sla_outcomes',
  {
    id: bigintIdentity(),
    ticketId: bigint({ mode: 'number' })
      .notNull()
      .references(() => tickets.id),
    channel: text({ enum: ticketChannels }).notNull(),
    target: text({ enum: ['first_reply', 'next_reply'] }).notNull(),
    // Who ended it: the reply's sender, or who closed the ticket.
    employeeId: integer().references(() => employees.id),
    endedBy: text({ enum: ['reply', 'close'] }).notNull(),
    messageId: bigint({ mode: 'number' }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull(),
    // The clock as it stood, so an undone reply (decision 065) puts it back as it was.
    usedSecondsBefore: integer().notNull(),
    runningSince: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }),
    targetSeconds: integer().notNull(),
    businessSeconds: integer().notNull(),
    met: boolean().notNull(),
  },
  (table) => [
    index('sla_outcomes_employee_idx').on(table.employeeId, table.endedAt),
    index('sla_outcomes_message_idx')
      .on(table.messageId)
      .where(sql`message_id is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigintIdentity(),
    ticketId: bigint({ mode: 'number' }).references(() => tickets.id),
    customerId: bigint({ mode: 'number' }).references(() => customers.id),
    type: text({ enum: messageTypes }).notNull(),
    inbound: boolean().notNull(),
    subject: text(),
    body: text().notNull(),
    fromAddress: text(),
    toAddress: text(),
    status: text({ enum: messageStatuses }).notNull(),
    // The raw MIME message or provider payload, shown on demand (users/get_raw_message).
    raw: text(),
    externalId: text(),
    processed: boolean().notNull().default(false),
    // The last error of the provider: why it is undelivered, or why the outbox is retrying.
    error: text(),
    // Outbound only: deliveries tried so far, and when the outbox may try next (null once it is
    // sent or undelivered). A claimed message's next attempt is the end of its claim.
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    employeeId: integer().references(() => employees.id),
    // For replies: the macro and the suggestion the agent started from.
    macroId: integer(),
    filterId: text(),
    // Sent by the Portal itself (the after-hours reply), not by an employee (decision 035).
    autoResponse: boolean().notNull().default(false),
    // Outbound: the key the staff member's screen sent with this message (Idempotency-Key): the same
    // request again answers this message instead of queueing another (decision 019).
    idempotencyKey: text(),
    // Outbound: random, fixed when queued; makes the email's Message-ID, the same on every attempt.
    deliveryKey: text(),
    // Outbound: collection or servicing (the macro's, or the agent's choice), and the contact gate's
    // verdict: when a message was held for the customer's quiet hours, the time it was held until.
    purpose: text({ enum: messagePurposes }),
    heldUntil: timestamp({ withTimezone: true }),
    // Outbound, the facts the door judges at delivery (decision 046, issue 37), fixed by the code
    // that queued it, never by the caller: which sending path (SENDING_PATHS), whether the law
    // requires it, the customer's message it is the one answer to, and when it last passed the door.
    sendingPath: text(),
    legallyRequired: boolean().notNull().default(false),
    answersMessageId: bigint({ mode: 'number' }),
    // Inbound: the reply that answered it (marked processed with it), so undoing that reply in its
    // undo window (decision 065) marks these unanswered again.
    answeredBy: bigint({ mode: 'number' }),
    doorPassedAt: timestamp({ withTimezone: true }),
    // A legally required notice no channel could carry, once staff mailed it on paper.
    mailedAt: timestamp({ withTimezone: true }),
    mailedBy: integer().references(() => employees.id),
    // Outbound: when the provider accepted it (the duty audit replays deliveries by it).
    sentAt: timestamp({ withTimezone: true }),
    // Outbound: the request that queued it (X-Request-Id, the logs' request_id); null when the
    // Portal queued it on its own (a worker, a start-up step).
    requestId: text(),
    createdAt: timestampNow(),
  },
  (table) => [
    index('messages_ticket_idx').on(table.ticketId, table.createdAt),
    // A customer's newest messages of one channel (GET ticket), in index order: no sort.
    index('messages_customer_idx').on(table.customerId, table.type, table.createdAt, table.id),
    // A provider's message id is stored once: a webhook retried by the provider adds nothing. Only
    // inbound rows: an outbound row keeps the In-Reply-To id there until it is sent.
    uniqueIndex('messages_inbound_external_id_key')
      .on(table.type, table.externalId)
      .where(sql`inbound and external_id is not null`),
    // The outbox: what is waiting to be sent, by when it may be tried.
    index('messages_outbox_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`status = 'queued' and not inbound`),
    // An employee's replies by time (customer-service analytics per employee).
    index('messages_employee_idx')
      .on(table.employeeId, table.createdAt)
      .where(sql`employee_id is not null and not inbound`),
    // Our sent messages by provider id: a customer's email reply names ours in In-Reply-To.
    index('messages_outbound_external_id_idx')
      .on(table.type, table.externalId)
      .where(sql`not inbound and external_id is not null`),
    // The answer a customer's message already has (the one answer the door lets through, issue 37).
    index('messages_answers_idx')
      .on(table.answersMessageId)
      .where(sql`answers_message_id is not null`),
    // Legally required notices no channel carried, waiting to be mailed (the deadlines screen).
    index('messages_notices_to_mail_idx')
      .on(table.createdAt)
      .where(sql`legally_required and status = 'undelivered' and mailed_at is null`),
    // Deliveries by time (the duty audit's range).
    index('messages_sent_idx')
      .on(table.sentAt)
      .where(sql`sent_at is not null`),
    // One auto-response per ticket, whoever tries to queue a second.
    uniqueIndex('messages_auto_response_key')
      .on(table.ticketId)
      .where(sql`auto_response`),
    // One message per employee and key: a retried send answers the first.
    // The collection texts a customer was sent lately (the contact gate's weekly cap).
    index('messages_customer_collection_idx')
      .on(table.customerId, table.createdAt)
      .where(sql`purpose = 'collection' and not inbound`),
    uniqueIndex('messages_idempotency_key')
      .on(table.employeeId, table.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);

export const macros = pgTable('macros', {
  id: integerIdentity(),
  title: text().notNull().unique(),
  body: text().notNull(),
  // What a message sent from this macro is: collection or servicing (the contact gate's rules).
  purpose: text({ enum: messagePurposes }).notNull().default('servicing'),
  active: boolean().notNull().default(true),
  createdAt: timestampNow(),
  updatedAt: timestampNow(),
});

// Every saved text of a macro with who saved it, newest last: the macro editor's history.
export const macroVersions = pgTable(
  'macro_versions',
  {
    id: bigintIdentity(),
    macroId: integer()
      .notNull()
      .references(() => macros.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    body: text().notNull(),
    tags: jsonb().$type<string[]>().notNull(),
    employeeId: integer().references(() => employees.id),
    savedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('macro_versions_macro_idx').on(table.macroId, table.savedAt)],
);

export const macroTags = pgTable(
  'macro_tags',
  {
    macroId: integer()
      .notNull()
      .references(() => macros.id, { onDelete: 'cascade' }),
    tag: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.macroId, table.tag] })],
);
