import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documents, messageAttachments, messages, openDatabase } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { buildApp } from '../app.ts';
import { createRecordingMailer } from '../testing/recording-senders.ts';
import { createSignedInStaff, type SignedInStaff } from '../testing/staff-helpers.ts';
import { createTestApp, testAppDeps, type TestApp } from '../testing/test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/test-smtp-server.ts';
import { getTicket, postJson } from '../testing/ticket-helpers.ts';
import { smtpDeliveryError } from './mail.ts';
import { createSmtpMailer } from './mail.ts';
import { employeeRecipient, queueOutboundMessage } from './outbound.ts';
import { createOutbox, type MessageDoor, retryDelaySeconds } from './outbox.ts';
import { createDirectoryStorage } from './storage.ts';
import { isPermanentTwilioStatus } from './sms.ts';

// These tests are of delivery itself (claims, retries, outcomes); the door that judges each message
// (contact-rules/door.ts) is a module's, tested through the app in contact-gate and contact-doors.
const openDoor: MessageDoor = async () => ({ kind: 'pass' });

const FROM = 'Portal Support <support@portal.example>';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function messageRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`message ${id} not found`);
  return row;
}

async function emailTicket(t: TestApp, email: string) {
  const customer = await createCustomer(t.database.db, { email });
  return createTicket(t.database.db, { customerId: customer.id, channel: 'email', contact: email, subject: 'Hello' });
}

describe('the outbox over a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let agent: SignedInStaff;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      mailer: createSmtpMailer(smtp.url, FROM),
      outbox: { maxAttempts: 3, firstRetrySeconds: 30, claimSeconds: 120, pollMs: 0 },
    });
    agent = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => {
    smtp.mode = 'accept';
  });

  it('retries a refused email with backoff and sends it once the server accepts', async () => {
    smtp.mode = 'refuse-421';
    const ticket = await emailTicket(t, 'retry@example.com');
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Your payment moved.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await t.app.outbox.deliverDue()).toBe(1);
    const sent = await messageRow(t, response.json().message.id);
    expect(sent).toMatchObject({ status: 'queued', attempts: 1 });
    expect(sent.error).toMatch(/421/);
    expect(smtp.received).toHaveLength(0);

    // The thread shows it retrying, with the attempt and the error.
    const view = await getTicket(t.app, agent, ticket.id);
    const inThread = view.json().messages.find((message: { id: number }) => message.id === sent.id);
    expect(inThread).toMatchObject({ status: 'queued', attempts: 1, error: sent.error });

    // Not before its backoff (30 s after the first attempt), then once.
    smtp.mode = 'accept';
    t.clock.advance(29_000);
    expect(await t.app.outbox.deliverDue()).toBe(0);
    t.clock.advance(2_000);
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(smtp.received.map((mail) => mail.text?.trim())).toEqual(['Your payment moved.']);
    expect(await messageRow(t, sent.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      error: null,
      nextAttemptAt: null,
    });
    t.clock.advance(3_600_000);
    expect(await t.app.outbox.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('marks a recipient the server rejects for good undelivered at once, and never tries it again', async () => {
    smtp.mode = 'reject-550';
    const ticket = await emailTicket(t, 'nobody@example.com');
    const response = await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Hello?' });
    expect(await t.app.outbox.deliverDue()).toBe(1);
    const sent = await messageRow(t, response.json().message.id);
    expect(sent).toMatchObject({ status: 'undelivered', attempts: 1 });
    expect(sent.error).toMatch(/550/);
    smtp.mode = 'accept';
    t.clock.advance(3_600_000);
    expect(await t.app.outbox.deliverDue()).toBe(0);
    expect(smtp.received.some((mail) => mail.text?.includes('Hello?'))).toBe(false);
  });

  it('gives up after the last attempt: undelivered with the last error', async () => {
    smtp.mode = 'refuse-421';
    const ticket = await emailTicket(t, 'later@example.com');
    const sent = (await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Third time?' })).json().message;
    expect(await t.app.outbox.deliverDue()).toBe(1);
    t.clock.advance(30_000);
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(await messageRow(t, sent.id)).toMatchObject({ status: 'queued', attempts: 2 });
    t.clock.advance(59_000);
    expect(await t.app.outbox.deliverDue()).toBe(0);
    t.clock.advance(1_000);
    expect(await t.app.outbox.deliverDue()).toBe(1);
    const row = await messageRow(t, sent.id);
    expect(row).toMatchObject({ status: 'undelivered', attempts: 3, nextAttemptAt: null });
    expect(row.error).toMatch(/421/);
  });

  it('is refused by a server that is not there, then sent when it is (connection refused is transient)', async () => {
    const gone = await startTestSmtpServer();
    const url = gone.url;
    await gone.close();
    const app = await buildApp(
      testAppDeps(t.database, t.clock, { mailer: createSmtpMailer(url, FROM), outbox: { ...settings(), pollMs: 0 } }),
    );
    await app.ready();
    try {
      const ticket = await emailTicket(t, 'down@example.com');
      const answered = (await postJson(app, agent, 'send_reply', { id: ticket.id, reply: 'Down?' })).json().message;
      expect(await app.outbox.deliverDue()).toBe(1);
      const sent = await messageRow(t, answered.id);
      expect(sent.status).toBe('queued');
      expect(sent.error).toMatch(/ECONNREFUSED|connect/i);
      // The app with a reachable server delivers it when it is due.
      t.clock.advance(30_000);
      expect(await t.app.outbox.deliverDue()).toBe(1);
      expect((await messageRow(t, sent.id)).status).toBe('sent');
    } finally {
      await app.close();
    }
  });
});

describe('attachments', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const storage = createDirectoryStorage(mkdtempSync(join(tmpdir(), 'portal-outbox-attachments-')));
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ mailer: createSmtpMailer(smtp.url, FROM), storage, outbox: settings() });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  // An email queued with one attached document whose file is (or is not) in storage.
  async function emailWithDocument(email: string, file: Buffer | null) {
    const customer = await createCustomer(t.database.db, { email });
    const storageKey = `letters/${customer.id}/${email}.pdf`;
    if (file) await storage.write(storageKey, file);
    const [document] = await t.database.db
      .insert(documents)
      .values({ customerId: customer.id, name: 'letter.pdf', kind: 'account_status_letter', storageKey })
      .returning();
    const message = await queueOutboundMessage(
      t.database.db,
      {
        type: 'email',
        to: email,
        subject: 'Your letter',
        body: 'Attached.',
        customerId: customer.id,
        clearance: employeeRecipient(),
      },
      t.clock.now(),
    );
    await t.database.db.insert(messageAttachments).values({ messageId: message.id, documentId: document!.id });
    return { message, document: document! };
  }

  it('sends the attached document with the email, the same file again on a retry', async () => {
    const file = Buffer.from('%PDF-1.7 a letter, not really');
    const { message } = await emailWithDocument('attached@example.com', file);
    smtp.mode = 'refuse-421';
    expect(await t.app.outbox.deliver(message.id)).toMatchObject({ status: 'queued', attempts: 1 });
    smtp.mode = 'accept';
    t.clock.advance(30_000);
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(await messageRow(t, message.id)).toMatchObject({ status: 'sent', attempts: 2 });
    const [mail] = smtp.received;
    expect(mail?.text?.trim()).toBe('Attached.');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({ filename: 'letter.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mail!.attachments[0]!.content, file)).toBe(0);
  });

  it('marks an email undelivered for good, naming the document, when its file is missing from storage', async () => {
    const before = smtp.received.length;
    const { message, document } = await emailWithDocument('gone@example.com', null);
    const delivered = await t.app.outbox.deliver(message.id);
    expect(delivered).toMatchObject({ status: 'undelivered', attempts: 1, nextAttemptAt: null });
    expect(delivered.error).toBe(`The file of attached document ${document.id} (letter.pdf) is missing from storage.`);
    expect(smtp.received).toHaveLength(before);
  });
});

function settings() {
  return { maxAttempts: 3, firstRetrySeconds: 30, claimSeconds: 120, pollMs: 0 };
}

describe('the outbox without a provider', () => {
  it('keeps messages queued until a provider is configured, then sends each once', async () => {
    const t = await createTestApp();
    try {
      const agent = await createSignedInStaff(t.app, t.database.db);
      const ticket = await emailTicket(t, 'wait@example.com');
      const sent = (await postJson(t.app, agent, 'send_reply', { id: ticket.id, reply: 'Queued.' })).json().message;
      expect(sent).toMatchObject({ status: 'queued', attempts: 0, error: null });
      expect(await t.app.outbox.deliverDue()).toBe(0);

      // The next start has SMTP configured: its worker finds the message waiting.
      const mailer = createRecordingMailer();
      const configured = await buildApp(testAppDeps(t.database, t.clock, { mailer }));
      await configured.ready();
      try {
        expect(await configured.outbox.deliverDue()).toBe(1);
        expect(await configured.outbox.deliverDue()).toBe(0);
        expect(mailer.sent.map((email) => email.text)).toEqual(['Queued.']);
        expect(await messageRow(t, sent.id)).toMatchObject({ status: 'sent', attempts: 1 });
      } finally {
        await configured.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('two outboxes on one database', () => {
  it('never send one message twice', async () => {
    const t = await createTestApp();
    // On PostgreSQL the second worker has connections of its own, as a second API process has.
    const second = t.database.url ? await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 5 }) : null;
    try {
      const total = 60;
      for (let index = 0; index < total; index += 1) {
        await queueOutboundMessage(
          t.database.db,
          {
            type: 'email',
            to: `c${index}@example.com`,
            subject: 'Hi',
            body: `message ${index}`,
            clearance: employeeRecipient(),
          },
          t.clock.now(),
        );
      }
      const deliveries: string[] = [];
      const slowMailer = (worker: string) => ({
        send: async (email: { text: string }) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          deliveries.push(`${worker}:${email.text}`);
          return { providerId: `<${worker}-${deliveries.length}@test>` };
        },
      });
      const outboxes = ['a', 'b'].map((worker, index) =>
        createOutbox({
          db: index === 1 && second ? second.db : t.database.db,
          clock: t.clock,
          mailer: slowMailer(worker),
          sms: null,
          storage: createDirectoryStorage(join(tmpdir(), 'portal-outbox-test')),
          log: silentLog,
          settings: settings(),
          door: openDoor,
        }),
      );
      const tried = await Promise.all(outboxes.map((outbox) => outbox.deliverDue()));
      expect(tried.reduce((sum, count) => sum + count, 0)).toBe(total);
      const bodies = deliveries.map((entry) => entry.split(':')[1]);
      expect(new Set(bodies).size).toBe(total);
      expect(bodies).toHaveLength(total);
      const rows = await t.database.db.select({ status: messages.status, attempts: messages.attempts }).from(messages);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await second?.close();
      await t.close();
    }
  });
});

describe('delivery rules', () => {
  it('waits twice as long after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map((attempts) => retryDelaySeconds(attempts, 30))).toEqual([
      30, 60, 120, 240, 3600, 3600,
    ]);
  });

  it('reads SMTP failures by their reply code: 5xx permanent (but 503 and a refused login), 4xx and no reply transient', () => {
    const smtp = (details: object) => smtpDeliveryError(Object.assign(new Error('x'), details)).permanent;
    expect(smtp({ responseCode: 550 })).toBe(true);
    expect(smtp({ responseCode: 554 })).toBe(true);
    expect(smtp({ responseCode: 503 })).toBe(false);
    expect(smtp({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(smtp({ responseCode: 421 })).toBe(false);
    expect(smtp({ responseCode: 452 })).toBe(false);
    expect(smtp({ code: 'ECONNECTION' })).toBe(false);
    expect(smtp({ code: 'ETIMEDOUT' })).toBe(false);
  });

  it('reads Twilio answers: 429, 5xx and refused credentials pass; another 4xx refuses the text', () => {
    expect([400, 404, 429, 500, 503, 401, 403].map(isPermanentTwilioStatus)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
