import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { createRecordingMailer } from '../testing/recording-senders.ts';
import { callAsStaff, createSignedInStaff, type SignedInStaff } from '../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/test-smtp-server.ts';
import { createSmtpMailer } from './mail.ts';
import { employeeRecipient, queueOutboundMessage } from './outbound.ts';
import { createOutbox, type MessageDoor } from './outbox.ts';
import { createDirectoryStorage } from './storage.ts';

// These tests are of delivery itself (claims, retries, outcomes); the door that judges each message
// (contact-rules/door.ts) is a module's, tested through the app in contact-gate and contact-doors.
const openDoor: MessageDoor = async () => ({ kind: 'pass' });

// Decision 019, delivery semantics: a request answers once its message is committed and never
// waits for a provider; every attempt at one message carries one Message-ID; an outcome the
// database did not take is written again before the message could be sent a second time.
const FROM = 'Portal Support <support@portal.example>';
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function row(t: TestApp, id: number) {
  const [found] = await t.database.db.select().from(messages).where(eq(messages.id, id));
  if (!found) throw new Error(`message ${id} not found`);
  return found;
}

function originate(t: TestApp, staff: SignedInStaff, customerId: number, message: string) {
  return callAsStaff(t.app, staff, 'POST', 'users/originate_message', {
    user_id: customerId,
    message_type: 'email',
    subject: 'Hello',
    message,
    thread: 'new',
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | false>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a request that sends an email, with the outbox worker running', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let staff: SignedInStaff;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      mailer: createSmtpMailer(smtp.url, FROM),
      outbox: { maxAttempts: 3, firstRetrySeconds: 30, claimSeconds: 120, pollMs: 60_000 },
    });
    staff = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('has the worker deliver the message after the answer, without waiting for its poll', async () => {
    smtp.mode = 'accept';
    const customer = await createCustomer(t.database.db);
    const response = await originate(t, staff, customer.id, 'Delivered by the worker.');
    expect(response.statusCode).toBe(200);
    const id = response.json().message_id as number;
    const sent = await waitFor('the message to be sent', async () => {
      const current = await row(t, id);
      return current.status === 'sent' ? current : null;
    });
    expect(sent.attempts).toBe(1);
    expect(smtp.received.map((mail) => mail.text?.trim())).toContain('Delivered by the worker.');
  });
});

describe('a request that sends an email to an SMTP server that accepts and never greets', () => {
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let connections = 0;
  silent.on('connection', () => {
    connections += 1;
  });
  let t: TestApp;
  let staff: SignedInStaff;
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await createTestApp({
      mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, FROM),
      outbox: { maxAttempts: 3, firstRetrySeconds: 30, claimSeconds: 120, pollMs: 60_000 },
    });
    staff = await createSignedInStaff(t.app, t.database.db);
  });
  afterAll(async () => {
    // Cut the held connections: the worker's attempt ends (transient) and the app closes at once.
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await t.close();
  });

  it('answers at once, committed to the outbox; the worker is the one left waiting', async () => {
    const customer = await createCustomer(t.database.db);
    const started = Date.now();
    const response = await originate(t, staff, customer.id, 'Held, not waited for.');
    const took = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(took).toBeLessThan(2_000);
    expect(response.json().message).toBe(
      `Email to ${customer.email} is in the outbox and goes out in a moment (the conversation shows when).`,
    );
    // The worker, nudged, is the one talking to the server.
    await waitFor('the worker to connect', async () => connections > 0);
    expect(await row(t, response.json().message_id)).toMatchObject({ status: 'queued', attempts: 1 });
  });
});

describe('one Message-ID per outbox message', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ mailer: createSmtpMailer(smtp.url, FROM) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the same Message-ID when one row is delivered a second time, so mail systems drop the copy', async () => {
    const message = await queueOutboundMessage(
      t.database.db,
      { type: 'email', to: 'twice@example.com', subject: 'Once', body: 'One message.', clearance: employeeRecipient() },
      t.clock.now(),
    );
    expect(await t.app.outbox.deliverDue()).toBe(1);
    // As if the process had died before recording "sent": the claim ran out, the row is due again.
    await t.database.db
      .update(messages)
      .set({ status: 'queued', nextAttemptAt: t.clock.now(), externalId: null })
      .where(eq(messages.id, message.id));
    expect(await t.app.outbox.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(2);
    const [first, second] = smtp.received.map((mail) => mail.messageId);
    expect(first).toMatch(new RegExp(`^<outbox-${message.id}\\.[\\w-]{16}@portal\\.example>$`));
    expect(second).toBe(first);
    expect((await row(t, message.id)).externalId).toBe(first);
    // Another message has another one.
    await queueOutboundMessage(
      t.database.db,
      { type: 'email', to: 'other@example.com', subject: 'Other', body: 'Another.', clearance: employeeRecipient() },
      t.clock.now(),
    );
    await t.app.outbox.deliverDue();
    expect(smtp.received.at(-1)?.messageId).not.toBe(first);
  });
});

describe('an outcome the database does not take at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Recording "sent" fails (as with a connection cut) until the try numbered fail_until. A
    // sequence counts the tries: the failed statement's own writes are rolled back, nextval is not.
    await t.database.db.execute(sql`create sequence outbox_record_tries`);
    await t.database.db.execute(sql`create table outbox_record_failures (fail_until bigint not null)`);
    await t.database.db.execute(sql`insert into outbox_record_failures values (0)`);
    await t.database.db.execute(sql`
      create function fail_recording_sent() returns trigger language plpgsql as $$
      begin
        if nextval('outbox_record_tries') <= (select fail_until from outbox_record_failures) then
          raise exception 'connection lost (simulated)' using errcode = '08006';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger fail_recording_sent before update on messages
      for each row when (new.status = 'sent') execute function fail_recording_sent()`);
  });
  afterAll(() => t.close());

  const failNext = (count: number) =>
    t.database.db.execute(
      sql`update outbox_record_failures set fail_until = nextval('outbox_record_tries') + ${count}`,
    );

  function outboxWith(mailer: ReturnType<typeof createRecordingMailer>, claimSeconds: number) {
    return createOutbox({
      db: t.database.db,
      clock: t.clock,
      mailer,
      sms: null,
      storage: createDirectoryStorage(join(tmpdir(), 'portal-outbox-test')),
      log: silentLog,
      settings: { maxAttempts: 3, firstRetrySeconds: 30, claimSeconds, pollMs: 0 },
      door: openDoor,
    });
  }

  const queue = (to: string) =>
    queueOutboundMessage(
      t.database.db,
      { type: 'email', to, subject: 'Hi', body: `to ${to}`, clearance: employeeRecipient() },
      t.clock.now(),
    );

  it('writes "sent" again on reconnection, so the message is not sent a second time after the claim', async () => {
    const mailer = createRecordingMailer();
    const outbox = outboxWith(mailer, 120);
    const message = await queue('retried@example.com');
    await failNext(2);
    expect(await outbox.deliverDue()).toBe(1);
    expect(await row(t, message.id)).toMatchObject({ status: 'sent', attempts: 1 });
    t.clock.advance(10 * 60_000);
    expect(await outbox.deliverDue()).toBe(0);
    expect(mailer.sent.map((email) => email.to)).toEqual(['retried@example.com']);
  });

  it('keeps an outcome it could not write, stops sending, never claims that message again, and writes it once it can', async () => {
    const mailer = createRecordingMailer();
    // A 1 s claim: the write is tried until 0.9 s, then the outcome is kept in the process.
    const outbox = outboxWith(mailer, 1);
    const message = await queue('kept@example.com');
    const next = await queue('next@example.com');
    await failNext(1_000_000);
    expect(await outbox.deliverDue()).toBe(1);
    expect(await row(t, message.id)).toMatchObject({ status: 'queued', attempts: 1 });
    // The batch stopped: what it sent now could not be recorded either.
    expect(mailer.sent.map((email) => email.to)).toEqual(['kept@example.com']);
    expect(await row(t, next.id)).toMatchObject({ status: 'queued', attempts: 1 });
    // The claims have run out, but this process knows the provider took the first one.
    t.clock.advance(60_000);
    await outbox.deliverDue();
    expect(mailer.sent.filter((email) => email.to === 'kept@example.com')).toHaveLength(1);
    // The database takes writes again: the kept outcome is recorded first, then the rest is sent.
    await failNext(0);
    t.clock.advance(60_000);
    await outbox.deliverDue();
    expect(await row(t, message.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(t, next.id)).toMatchObject({ status: 'sent' });
    expect(mailer.sent.filter((email) => email.to === 'kept@example.com')).toHaveLength(1);
  });
});
