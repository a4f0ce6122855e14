import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SENDING_PATHS, unfilledPlaceholdersError, type SendingPath } from '@portal/contracts';
import { messageAttachments, messages, type Executor } from '@portal/db';
import { recordAuditEvent } from './audit.ts';
import { badRequest } from './http-error.ts';
import { currentRequestId } from './request-context.ts';

declare const cleared: unique symbol;

// The contact gate's leave to queue a message (decision 046): made only by the contact-rules module
// (clearContact), from its verdict, or by employeeRecipient below for mail to staff. Every message
// queued carries one, so no sender can skip the gate: queueOutboundMessage takes nothing else.
// contact-clearance.test.ts fails when any other file makes one.
export type ContactClearance = {
  readonly [cleared]: true;
  readonly verdict: 'send' | 'hold' | 'employee';
  // The facts the door judges the message by again when the outbox hands it to the provider
  // (issue 37): the road it came by, what it is about, whether the law requires it, and the
  // customer's message it answers.
  readonly path: SendingPath;
  readonly purpose: 'collection' | 'servicing' | null;
  readonly legallyRequired: boolean;
  readonly answersMessageId: number | null;
  // Held for the customer's quiet hours: the outbox sends it then, not before.
  readonly heldUntil: Date | null;
  readonly sentence: string;
};

// Mail to an employee (an invitation, a password link): no contact rule of customers applies.
export function employeeRecipient(): ContactClearance {
  return {
    verdict: 'employee',
    path: 'staff_mail',
    purpose: null,
    legallyRequired: false,
    answersMessageId: null,
    heldUntil: null,
    sentence: 'To an employee: the contact rules of customers do not apply.',
  } as ContactClearance;
}

export type OutboundMessage = {
  type: 'text' | 'email';
  to: string;
  subject?: string | null;
  body: string;
  ticketId?: number | null;
  customerId?: number | null;
  employeeId?: number | null;
  macroId?: number | null;
  filterId?: string | null;
  // The provider id of the customer's email this answers, so mail clients thread the reply.
  inReplyTo?: string | null;
  // Sent by the Portal itself, not by an employee (the after-hours reply, decision 035).
  autoResponse?: boolean;
  // The staff member's Idempotency-Key (findIdempotentMessage): stored, unique per employee.
  idempotencyKey?: string | null;
  // The contact gate's verdict for this message (send now or hold until a time).
  clearance: ContactClearance;
  // The earliest it may leave: a reply's undo window (decision 065). The door still judges it then.
  notBefore?: Date | null;
};

export type MessageRecord = typeof messages.$inferSelect;
// A message just queued, with the gate's sentence when it held it (in the customer's time: "It is
// 9:38 pm for this customer; the text will go out at 8:00 am on Thursday.").
export type QueuedMessage = MessageRecord & { heldSentence: string | null };

// What an answer tells staff of a message it queued (issue 39): held for the customer's quiet hours
// and until when, or in the outbox to go out now. Never "sent": it is not, yet.
export function queuedMessageSentence(message: QueuedMessage): string {
  const what = `The ${message.type === 'text' ? 'text' : 'email'} to ${message.toAddress}`;
  if (message.heldSentence !== null && message.heldUntil !== null)
    return `${what} is held for the customer's quiet hours, not sent yet: ${message.heldSentence.charAt(0).toLowerCase()}${message.heldSentence.slice(1)}`;
  return `${what} is in the outbox and goes out in a moment.`;
}

// For an answer about something else that also queued a message: a sentence more when the message
// is held (so the answer never lets staff think it went out), nothing otherwise.
export function heldNote(message: QueuedMessage | null): string {
  return message !== null && message.heldSentence !== null ? ` ${queuedMessageSentence(message)}` : '';
}

function latest(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

// Inside the caller's transaction: the message is written to the outbox (status queued, due now, or
// at the end of the customer's quiet hours when the gate held it), so it exists even if sending
// fails or the process stops. The outbox's worker (outbox.ts) sends it; the request only nudges the
// worker after its commit and never waits for a provider. The gate's verdict is audited with it.
// A message with a macro's {placeholder} left in its text is never queued, whoever sends it (400).
export async function queueOutboundMessage(tx: Executor, outbound: OutboundMessage, now: Date): Promise<QueuedMessage> {
  // The body only: a reply's subject is the customer's own ("Re: ..."), which may hold braces.
  const unfilled = unfilledPlaceholdersError(outbound.body);
  if (unfilled) throw badRequest(unfilled);
  const [row] = await tx
    .insert(messages)
    .values({
      ticketId: outbound.ticketId ?? null,
      customerId: outbound.customerId ?? null,
      type: outbound.type,
      inbound: false,
      subject: outbound.type === 'email' ? (outbound.subject ?? null) : null,
      body: outbound.body,
      toAddress: outbound.to,
      status: 'queued',
      requestId: currentRequestId(),
      employeeId: outbound.employeeId ?? null,
      macroId: outbound.macroId ?? null,
      filterId: outbound.filterId ?? null,
      autoResponse: outbound.autoResponse ?? false,
      // The In-Reply-To id travels in externalId until the provider gives the message its own id.
      externalId: outbound.inReplyTo ?? null,
      idempotencyKey: outbound.idempotencyKey ?? null,
      // Random, so a sender cannot guess the Message-ID of another customer's email (decision 012).
      deliveryKey: randomBytes(12).toString('base64url'),
      processed: true,
      attempts: 0,
      nextAttemptAt: latest(outbound.clearance.heldUntil ?? now, outbound.notBefore ?? now),
      purpose: outbound.clearance.purpose,
      heldUntil: outbound.clearance.heldUntil,
      sendingPath: outbound.clearance.path,
      legallyRequired: outbound.clearance.legallyRequired,
      answersMessageId: outbound.clearance.answersMessageId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('queueOutboundMessage: insert returned nothing');
  await recordAuditEvent(tx, {
    employeeId: outbound.employeeId ?? null,
    action: 'message.contact_verdict',
    entityType: 'message',
    entityId: row.id,
    after: {
      verdict: outbound.clearance.verdict,
      sentence: outbound.clearance.sentence,
      purpose: outbound.clearance.purpose,
      path: outbound.clearance.path,
      legally_required: outbound.clearance.legallyRequired,
      answers_message_id: outbound.clearance.answersMessageId,
      held_until: outbound.clearance.heldUntil?.toISOString() ?? null,
      customer_id: row.customerId,
      channel: row.type,
    },
  });
  return { ...row, heldSentence: outbound.clearance.verdict === 'hold' ? outbound.clearance.sentence : null };
}

// The message this employee already queued with this key, if any. Locks the key until the caller's
// transaction ends, so two copies of one request arriving together queue one message, not two.
export async function findIdempotentMessage(
  tx: Executor,
  employeeId: number,
  key: string | null | undefined,
): Promise<MessageRecord | undefined> {
  if (!key) return undefined;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${employeeId}:${key}`}, 0))`);
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.employeeId, employeeId), eq(messages.idempotencyKey, key)));
  return row;
}

// A stored document (documents) sent with a queued message, in the same transaction: the outbox
// attaches it when it delivers the message.
export async function attachDocumentToMessage(tx: Executor, messageId: number, documentId: number): Promise<void> {
  await tx.insert(messageAttachments).values({ messageId, documentId });
}

// A notice the law requires that no channel can carry (no address on file): written undelivered with
// the reason, never dropped, so the deadlines screen lists it to be mailed on paper (issue 37). Only
// a legally required road may record one.
export async function recordNoticeToMail(
  tx: Executor,
  notice: {
    path: SendingPath;
    customerId: number;
    subject: string;
    body: string;
    why: string;
    employeeId: number | null;
    now: Date;
  },
): Promise<MessageRecord> {
  if (SENDING_PATHS[notice.path].basis !== 'legally_required')
    throw new Error(`recordNoticeToMail: ${notice.path} is not a legally required notice.`);
  const [row] = await tx
    .insert(messages)
    .values({
      customerId: notice.customerId,
      type: 'email',
      inbound: false,
      subject: notice.subject,
      body: notice.body,
      toAddress: null,
      status: 'undelivered',
      requestId: currentRequestId(),
      error: notice.why,
      employeeId: notice.employeeId,
      processed: true,
      attempts: 0,
      nextAttemptAt: null,
      purpose: 'servicing',
      sendingPath: notice.path,
      legallyRequired: true,
      createdAt: notice.now,
    })
    .returning();
  if (!row) throw new Error('recordNoticeToMail: insert returned nothing');
  await recordAuditEvent(tx, {
    employeeId: notice.employeeId,
    action: 'message.notice_to_mail',
    entityType: 'message',
    entityId: row.id,
    after: { path: notice.path, customer_id: notice.customerId, why: notice.why },
  });
  return row;
}
