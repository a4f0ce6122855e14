import { createHash } from 'node:crypto';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { and, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { documents, messageAttachments, messages, type Database } from '@portal/db';
import type { Clock } from './clock.ts';
import { deliveryErrorText, isPermanentDeliveryError } from './delivery-error.ts';
import { DeliveryError } from './delivery-error.ts';
import type { EmailAttachment, Mailer } from './mail.ts';
import type { MessageRecord } from './outbound.ts';
import type { SmsSender } from './sms.ts';
import type { FileStorage } from './storage.ts';
import { outsideRequest } from './request-context.ts';

// The durable outbox (decision 019). Messages are written queued in the transaction that decides
// to send them (queueOutboundMessage); this delivers them. A message is claimed before it is sent:
// one UPDATE over rows picked FOR UPDATE SKIP LOCKED counts the attempt and moves its next attempt
// to the end of the claim, so any number of API processes can deliver and none sends a message
// another is sending. A process that dies mid-delivery leaves a claim that runs out; the message is
// then tried again. Transient failures are retried with exponential backoff up to maxAttempts;
// permanent ones (and the last attempt) make the message undelivered, with the provider's error.
// Requests never deliver: they commit the message and nudge the worker (decision 038, delivery
// semantics). An outcome that cannot be recorded (the database gone for a moment) is written again
// until it is, and this process never claims that message again meanwhile; an email keeps one
// Message-ID on every attempt, so a copy sent twice is dropped by mail systems.

export type OutboxSettings = {
  maxAttempts: number;
  // The first retry waits this long; each next one twice as long as the one before, up to an hour.
  firstRetrySeconds: number;
  // How long a delivery may take before another process may try the message again.
  claimSeconds: number;
  // How often the worker looks for due messages; 0 runs no worker (tests deliver by hand).
  pollMs: number;
};

export type OutboxLog = {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

// The door (issue 37, convention 9): asked, in a transaction of its own under the customer's lock,
// just before each message is handed to the provider, every attempt. It writes its own verdict on
// the message: passed (then the outbox sends it), held for a later time, or refused (undelivered).
export type DoorOutcome = { kind: 'pass' } | { kind: 'held'; until: Date } | { kind: 'refused'; sentence: string };
export type MessageDoor = (message: MessageRecord) => Promise<DoorOutcome>;

export type OutboxDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer | null;
  sms: SmsSender | null;
  // Where the files of attached documents (letters emailed to a customer) are read from.
  storage: FileStorage;
  log: OutboxLog;
  settings: OutboxSettings;
  door: MessageDoor;
};

export type Outbox = ReturnType<typeof createOutbox>;

const MAX_RETRY_DELAY_SECONDS = 60 * 60;
const BATCH = 20;
// Waits between tries to record an outcome the database did not take, until 90% of the claim.
const RECORD_RETRY_MS = [100, 250, 500, 1000, 2000, 4000, 8000];
const RECORD_UNTIL = 0.9;
// A claimed message not yet sent when half its claim has passed is left to the claim's end.
const SEND_UNTIL = 0.5;

export function retryDelaySeconds(attempts: number, firstRetrySeconds: number): number {
  return Math.min(firstRetrySeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

function addSeconds(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000);
}

type Outcome = { kind: 'sent'; externalId: string } | { kind: 'failed'; error: string; permanent: boolean };
// The door held or refused it and wrote so itself: nothing to record.
type Stopped = { kind: 'stopped' };

// The left part of an email's Message-ID: the row's id and its random delivery key (a row queued
// before the key existed uses a hash of what cannot change), so every attempt carries the same one.
export function messageKeyOf(message: Pick<MessageRecord, 'id' | 'deliveryKey' | 'createdAt' | 'toAddress'>): string {
  const key =
    message.deliveryKey ??
    createHash('sha256')
      .update(`${message.id}:${message.createdAt.toISOString()}:${message.toAddress ?? ''}`)
      .digest('base64url')
      .slice(0, 16);
  return `outbox-${message.id}.${key}`;
}

// The API's no-op until tracing.ts sets a provider (then this same tracer records).
const tracer = trace.getTracer('portal-outbox');
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export function createOutbox(deps: OutboxDeps) {
  const { db, clock, mailer, sms, storage, log, settings, door } = deps;
  // Only channels with a provider are delivered; the others wait, queued, until one is configured.
  const channels = [...(mailer ? (['email'] as const) : []), ...(sms ? (['text'] as const) : [])];
  // Outcomes the provider gave that the database did not take yet (message id -> outcome). This
  // process never claims those messages again: it writes the outcome first (recordPending).
  const unrecorded = new Map<number, { message: MessageRecord; outcome: Outcome }>();

  // Written out (no parameters) so the planner uses messages_outbox_idx.
  const waiting = sql`${messages.status} = 'queued' and not ${messages.inbound}`;

  async function claim(now: Date, only: SQL | undefined, limit: number): Promise<MessageRecord[]> {
    if (channels.length === 0) return [];
    const due = db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          waiting,
          inArray(messages.type, channels),
          lte(messages.nextAttemptAt, now),
          only,
          unrecorded.size > 0 ? notInArray(messages.id, [...unrecorded.keys()]) : undefined,
        ),
      )
      .orderBy(messages.nextAttemptAt, messages.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(messages)
      .set({ attempts: sql`${messages.attempts} + 1`, nextAttemptAt: addSeconds(now, settings.claimSeconds) })
      .where(inArray(messages.id, due))
      .returning();
  }

  // The files of the documents attached to an email (message_attachments). One that storage no
  // longer has cannot be sent however often it is tried: a permanent failure that names it.
  async function attachmentsOf(messageId: number): Promise<EmailAttachment[]> {
    const attached = await db
      .select({ id: documents.id, name: documents.name, contentType: documents.contentType, key: documents.storageKey })
      .from(messageAttachments)
      .innerJoin(documents, eq(documents.id, messageAttachments.documentId))
      .where(eq(messageAttachments.messageId, messageId))
      .orderBy(documents.id);
    const files: EmailAttachment[] = [];
    for (const document of attached) {
      const content = await storage.read(document.key);
      if (!content)
        throw new DeliveryError(
          `The file of attached document ${document.id} (${document.name}) is missing from storage.`,
          {
            permanent: true,
          },
        );
      files.push({ filename: document.name, content, contentType: document.contentType });
    }
    return files;
  }

  // Each attempt is a span when tracing is on (tracing.ts): the door's statements and the provider's
  // call are its children; what the message says and whom it goes to are never attributes.
  function send(message: MessageRecord): Promise<Outcome | Stopped> {
    return tracer.startActiveSpan(
      `outbox send ${message.type}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'portal.message_id': message.id,
          'portal.channel': message.type,
          'portal.attempt': message.attempts,
          ...(message.requestId ? { 'portal.request_id': message.requestId } : {}),
        },
      },
      async (span) => {
        try {
          const outcome = await sendNow(message);
          span.setAttribute('portal.outcome', outcome.kind);
          if (outcome.kind === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error });
          return outcome;
        } finally {
          span.end();
        }
      },
    );
  }

  async function sendNow(message: MessageRecord): Promise<Outcome | Stopped> {
    const to = message.toAddress ?? '';
    try {
      // The door's own failure (the database away) is a transient one: tried again later.
      if ((await door(message)).kind !== 'pass') return { kind: 'stopped' };
      if (message.type === 'email' && mailer) {
        const attachments = await attachmentsOf(message.id);
        const sent = await mailer.send({
          to,
          subject: message.subject ?? 'Your message to Portal support',
          text: message.body,
          // Until it is sent, an outbound email's externalId holds the id it answers (In-Reply-To).
          inReplyTo: message.externalId,
          messageKey: messageKeyOf(message),
          ...(attachments.length > 0 ? { attachments } : {}),
        });
        return { kind: 'sent', externalId: sent.providerId };
      }
      if (message.type === 'text' && sms) {
        const sent = await sms.send({ to, body: message.body });
        return { kind: 'sent', externalId: sent.providerId };
      }
      return { kind: 'failed', error: `No provider sends ${message.type} messages.`, permanent: false };
    } catch (error) {
      return { kind: 'failed', error: deliveryErrorText(error), permanent: isPermanentDeliveryError(error) };
    }
  }

  // Records the outcome on the claimed message (still queued: nobody else may have decided it).
  async function write(message: MessageRecord, outcome: Outcome): Promise<MessageRecord> {
    const now = clock.now();
    let values: Partial<typeof messages.$inferInsert>;
    if (outcome.kind === 'sent') {
      values = { status: 'sent', externalId: outcome.externalId, error: null, nextAttemptAt: null, sentAt: now };
    } else if (outcome.permanent || message.attempts >= settings.maxAttempts) {
      values = { status: 'undelivered', error: outcome.error, nextAttemptAt: null };
    } else {
      const delay = retryDelaySeconds(message.attempts, settings.firstRetrySeconds);
      values = { error: outcome.error, nextAttemptAt: addSeconds(now, delay) };
    }
    if (outcome.kind === 'sent')
      log.info({ messageId: message.id, request_id: message.requestId }, 'Outbox: message sent');
    if (outcome.kind === 'failed') {
      log.warn(
        {
          messageId: message.id,
          request_id: message.requestId,
          attempts: message.attempts,
          permanent: outcome.permanent,
        },
        values.status === 'undelivered' ? 'Outbox: message undelivered' : 'Outbox: delivery failed, will retry',
      );
    }
    const [updated] = await db
      .update(messages)
      .set(values)
      .where(and(eq(messages.id, message.id), waiting))
      .returning();
    return updated ?? message;
  }

  // The provider has answered: its answer must reach the database before the claim runs out, or
  // another process would send the message again. A failed write (a connection cut, the database
  // restarting) is tried again until 90% of the claim (claimedAt: when it was claimed, real time);
  // still not written, the outcome is kept here and written before this process claims anything
  // else. Answers null when it was kept.
  async function record(message: MessageRecord, outcome: Outcome, claimedAt: number): Promise<MessageRecord | null> {
    const deadline = claimedAt + settings.claimSeconds * 1000 * RECORD_UNTIL;
    for (let tries = 0; ; tries += 1) {
      try {
        return await write(message, outcome);
      } catch (error) {
        const wait = RECORD_RETRY_MS[Math.min(tries, RECORD_RETRY_MS.length - 1)] ?? 1000;
        if (Date.now() + wait > deadline) {
          unrecorded.set(message.id, { message, outcome });
          log.error(
            { err: error, messageId: message.id, request_id: message.requestId, outcome: outcome.kind },
            'Outbox: could not record the outcome; kept to record before anything else',
          );
          return null;
        }
        await pause(wait);
      }
    }
  }

  // Outcomes kept by record(): written first on every run; one the database still refuses stays
  // kept (its message is not claimed here meanwhile) and the run goes on with the others.
  async function recordPending(): Promise<void> {
    for (const [id, { message, outcome }] of unrecorded) {
      try {
        await write(message, outcome);
        unrecorded.delete(id);
      } catch (error) {
        log.warn({ err: error, messageId: id }, 'Outbox: the outcome kept is still not recorded');
      }
    }
  }

  async function attempt(message: MessageRecord, claimedAt: number): Promise<MessageRecord | null> {
    const outcome = await send(message);
    if (outcome.kind !== 'stopped') return record(message, outcome, claimedAt);
    const [current] = await db.select().from(messages).where(eq(messages.id, message.id));
    return current ?? message;
  }

  // One attempt at one message now (tests and tools; requests nudge the worker instead). The message
  // as it stands is answered when it cannot be tried now (no provider for its channel, another
  // process is sending it, or it is not waiting any more).
  async function deliver(messageId: number): Promise<MessageRecord> {
    await recordPending();
    const claimedAt = Date.now();
    const [claimed] = await claim(clock.now(), eq(messages.id, messageId), 1);
    if (claimed) return (await attempt(claimed, claimedAt)) ?? claimed;
    const [current] = await db.select().from(messages).where(eq(messages.id, messageId));
    if (!current) throw new Error(`Outbox: message ${messageId} does not exist.`);
    return current;
  }

  // Everything due now, a batch at a time; answers how many messages were tried. A batch stops
  // sending when an outcome could not be recorded (the database is away: what is sent now could not
  // be recorded either) or when half its claim has passed (another process may claim the rest
  // soon); the messages left are tried again once their claim runs out.
  async function deliverDue(): Promise<number> {
    await recordPending();
    let tried = 0;
    for (;;) {
      const claimedAt = Date.now();
      const batch = await claim(clock.now(), undefined, BATCH);
      for (const message of batch) {
        if (Date.now() - claimedAt > settings.claimSeconds * 1000 * SEND_UNTIL) return tried;
        const recorded = await attempt(message, claimedAt);
        tried += 1;
        if (!recorded) return tried;
      }
      if (batch.length < BATCH) return tried;
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  // A nudge during a run: one more run right after it, for the message just queued.
  let again = false;

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'Outbox: delivery run failed; trying again later'))
      .finally(() => {
        running = null;
        if (again && timer) tick();
      });
  }

  // After a request's commit: the worker looks now rather than at its next poll. Never awaited: the
  // request answers once its message is committed, whatever the provider does (and however slowly).
  // No worker in this process (pollMs 0, or no provider): the message waits for one.
  function nudge(): void {
    if (!timer) return;
    // The delivery belongs to no request: it sends whatever is due, not only this request's message.
    outsideRequest(() => setImmediate(tick));
  }

  // The worker: looks for due messages every pollMs (those queued before a crash, retries, and
  // those waiting for a provider that is now configured).
  function start(): void {
    if (settings.pollMs <= 0 || channels.length === 0 || timer) return;
    tick();
    timer = setInterval(tick, settings.pollMs);
    timer.unref();
  }

  async function stop(): Promise<void> {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  }

  // Whether this process has a provider for the channel (without one, messages wait in the outbox).
  function canSend(type: MessageRecord['type']): boolean {
    return (channels as readonly string[]).includes(type);
  }

  return { deliver, deliverDue, nudge, canSend, start, stop };
}
