import { asc, eq, sql } from 'drizzle-orm';
import { messages, type Executor } from '@portal/db';
import { recordAuditEvent } from './audit.ts';
import { conflict, notFound } from './http-error.ts';

// Legally required notices no channel carried (issue 37, decision 047): a message the law requires
// (messages.legally_required, fixed when it was queued) that ended undelivered, whether the provider
// refused it for good or the outbox ran out of attempts, is never dropped: it waits here to be mailed
// on paper until staff record that they mailed it (mailed_at, mailed_by). Platform owns the messages
// table, so the deadlines module reads and writes these rows only through this file.

// The partial index's own predicate (messages_notices_to_mail_idx), written as literals so the
// planner can match it whatever plan the statement gets.
const waitingToBeMailed = sql`${messages.legallyRequired} and ${messages.status} = 'undelivered' and ${messages.mailedAt} is null`;

export type NoticeToMail = {
  id: number;
  customerId: number | null;
  type: 'text' | 'email' | 'notification';
  sendingPath: string | null;
  subject: string | null;
  toAddress: string | null;
  // Why no channel carried it: the provider's error or the door's sentence.
  error: string | null;
  // Since when it is undelivered, as near as the row tells: no column records that moment, so the
  // later of when it was queued and when it was held until (the outbox never tries a message before
  // either). Retries after transient failures can make the true moment later still, by hours: the
  // due date counted from this one is then early, never late.
  undeliveredSince: Date;
};

// Every notice waiting to be mailed, the oldest first: one statement over the partial index.
export async function findNoticesToMail(db: Executor): Promise<NoticeToMail[]> {
  return db
    .select({
      id: messages.id,
      customerId: messages.customerId,
      type: messages.type,
      sendingPath: messages.sendingPath,
      subject: messages.subject,
      toAddress: messages.toAddress,
      error: messages.error,
      // greatest() skips a null held_until.
      undeliveredSince: sql<Date>`greatest(${messages.createdAt}, ${messages.heldUntil})`.mapWith(messages.createdAt),
    })
    .from(messages)
    .where(waitingToBeMailed)
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export const NOTICE_TO_MAIL_ERRORS = {
  notFound: (id: number) => `Message #${id} was not found.`,
  notRequired: (id: number) =>
    `Message #${id} is not a legally required notice: only those are mailed on paper from the deadlines screen.`,
  notUndelivered: (id: number, status: string) =>
    `Message #${id} is ${status === 'sent' ? 'sent' : 'still queued to be sent'}: a notice is mailed on paper only once no channel could carry it.`,
  alreadyMailed: (id: number, at: Date) =>
    `Message #${id} was already recorded as mailed on paper (${at.toISOString()}).`,
};

export type NoticeMailed = { id: number; mailedAt: Date; mailedBy: number };

// Inside the caller's transaction: locks the message, checks it is a legally required notice, still
// undelivered and not yet mailed (404 or 409 with a sentence otherwise, writing nothing), records who
// mailed it and when, and audits it with its before and after.
export async function recordNoticeMailed(
  tx: Executor,
  input: { messageId: number; employeeId: number; now: Date; ipAddress?: string | null },
): Promise<NoticeMailed> {
  const { messageId: id, employeeId, now } = input;
  const [message] = await tx
    .select({
      legallyRequired: messages.legallyRequired,
      inbound: messages.inbound,
      status: messages.status,
      mailedAt: messages.mailedAt,
      mailedBy: messages.mailedBy,
    })
    .from(messages)
    .where(eq(messages.id, id))
    .for('update');
  if (!message) throw notFound(NOTICE_TO_MAIL_ERRORS.notFound(id));
  if (!message.legallyRequired || message.inbound) throw conflict(NOTICE_TO_MAIL_ERRORS.notRequired(id));
  if (message.mailedAt !== null) throw conflict(NOTICE_TO_MAIL_ERRORS.alreadyMailed(id, message.mailedAt));
  if (message.status !== 'undelivered') throw conflict(NOTICE_TO_MAIL_ERRORS.notUndelivered(id, message.status));
  await tx.update(messages).set({ mailedAt: now, mailedBy: employeeId }).where(eq(messages.id, id));
  await recordAuditEvent(tx, {
    employeeId,
    action: 'message.notice_mailed',
    entityType: 'message',
    entityId: id,
    before: { mailed_at: null, mailed_by: null },
    after: { mailed_at: now.toISOString(), mailed_by: employeeId },
    ipAddress: input.ipAddress ?? null,
  });
  return { id, mailedAt: now, mailedBy: employeeId };
}
