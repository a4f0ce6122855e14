import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { documents, messageAttachments, messages, type Database } from '@portal/db';
import type { Clock } from './clock.ts';
import { deliveryErrorText, isPermanentDeliveryError } from './delivery-error.ts';
import { DeliveryError } from './delivery-error.ts';
import type { EmailAttachment, Mailer } from './mail.ts';
import type { MessageRecord } from './outbound.ts';
import type { SmsSender } from './sms.ts';
import type { FileStorage } from './storage.ts';

// The durable outbox (decision 019). Messages are written queued in the transaction that decides
// to send them (queueOutboundMessage); this delivers them. A message is claimed before it is sent:
// one UPDATE over rows picked FOR UPDATE SKIP LOCKED counts the attempt and moves its next attempt
// to the end of the claim, so any number of API processes can deliver and none sends a message
// another is sending. A process that dies mid-delivery leaves a claim that runs out; the message is
// then tried again. Transient failures are retried with exponential backoff up to maxAttempts;
// permanent ones (and the last attempt) make the message undelivered, with the provider's error.

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
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

export type OutboxDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer | null;
  sms: SmsSender | null;
  // Where the files of attached documents (letters emailed to a customer) are read from.
  storage: FileStorage;
  log: OutboxLog;
  settings: OutboxSettings;
};

export type Outbox = ReturnType<typeof createOutbox>;

const MAX_RETRY_DELAY_SECONDS = 60 * 60;
const BATCH = 20;

export function retryDelaySeconds(attempts: number, firstRetrySeconds: number): number {
  return Math.min(firstRetrySeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

function addSeconds(at: Date, seconds: number): Date {
  return new Date(at.getTime() + seconds * 1000);
}

type Outcome = { kind: 'sent'; externalId: string } | { kind: 'failed'; error: string; permanent: boolean };

export function createOutbox(deps: OutboxDeps) {
  const { db, clock, mailer, sms, storage, log, settings } = deps;
  // Only channels with a provider are delivered; the others wait, queued, until one is configured.
  const channels = [...(mailer ? (['email'] as const) : []), ...(sms ? (['text'] as const) : [])];

  // Written out (no parameters) so the planner uses messages_outbox_idx.
  const waiting = sql`${messages.status} = 'queued' and not ${messages.inbound}`;

  async function claim(now: Date, only: SQL | undefined, limit: number): Promise<MessageRecord[]> {
    if (channels.length === 0) return [];
    const due = db
      .select({ id: messages.id })
      .from(messages)
      .where(and(waiting, inArray(messages.type, channels), lte(messages.nextAttemptAt, now), only))
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

  async function send(message: MessageRecord): Promise<Outcome> {
    const to = message.toAddress ?? '';
    try {
      if (message.type === 'email' && mailer) {
        const attachments = await attachmentsOf(message.id);
        const sent = await mailer.send({
          to,
          subject: message.subject ?? 'Your message to Portal support',
          text: message.body,
          // Until it is sent, an outbound email's externalId holds the id it answers (In-Reply-To).
          inReplyTo: message.externalId,
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
  async function record(message: MessageRecord, outcome: Outcome): Promise<MessageRecord> {
    const now = clock.now();
    let values: Partial<typeof messages.$inferInsert>;
    if (outcome.kind === 'sent') {
      values = { status: 'sent', externalId: outcome.externalId, error: null, nextAttemptAt: null };
    } else if (outcome.permanent || message.attempts >= settings.maxAttempts) {
      values = { status: 'undelivered', error: outcome.error, nextAttemptAt: null };
    } else {
      const delay = retryDelaySeconds(message.attempts, settings.firstRetrySeconds);
      values = { error: outcome.error, nextAttemptAt: addSeconds(now, delay) };
    }
    if (outcome.kind === 'failed') {
      log.warn(
        { messageId: message.id, attempts: message.attempts, permanent: outcome.permanent },
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

  async function attempt(message: MessageRecord): Promise<MessageRecord> {
    return record(message, await send(message));
  }

  // Right after the commit that queued it: one attempt now, so the caller can tell what happened.
  // The message as it stands is answered when it cannot be tried now (no provider for its channel,
  // another process is sending it, or it is not waiting any more).
  async function deliver(messageId: number): Promise<MessageRecord> {
    const [claimed] = await claim(clock.now(), eq(messages.id, messageId), 1);
    if (claimed) return attempt(claimed);
    const [current] = await db.select().from(messages).where(eq(messages.id, messageId));
    if (!current) throw new Error(`Outbox: message ${messageId} does not exist.`);
    return current;
  }

  // Everything due now, a batch at a time; answers how many messages were tried.
  async function deliverDue(): Promise<number> {
    let tried = 0;
    for (;;) {
      const batch = await claim(clock.now(), undefined, BATCH);
      for (const message of batch) await attempt(message);
      tried += batch.length;
      if (batch.length < BATCH) return tried;
    }
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  function tick(): void {
    if (running) return;
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'Outbox: delivery run failed; trying again later'))
      .finally(() => {
        running = null;
      });
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

  return { deliver, deliverDue, start, stop };
}
