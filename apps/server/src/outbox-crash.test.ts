import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/db';
import {
  createCustomer,
  createEmployee,
  createTicket,
  DEFAULT_TEST_PASSWORD,
  openTestDatabase,
  type TestDatabase,
} from '@portal/db/testing';
import { freePort, startApiProcess, waitFor, waitUntilUp } from './testing/api-process.ts';
import { startTestSmtpServer, type TestSmtpServer } from './testing/test-smtp-server.ts';

// The durable outbox across a crash: a real API process is killed with SIGKILL after send_reply
// committed and while the delivery hangs on the SMTP server, then started again. The message must
// reach the SMTP server exactly once. A second process needs PostgreSQL; CI runs this file on it.
const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the outbox when the API process is killed mid-delivery', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let port: number;
  let api: ChildProcess | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));

  function startApi(): ChildProcess {
    return startApiProcess({
      databaseUrl: database.url ?? '',
      port,
      dataDir,
      env: { SMTP_URL: smtp.url, OUTBOX_CLAIM_SECONDS: '2', OUTBOX_POLL_MS: '200' },
    });
  }

  const api_ = (path: string) => `http://127.0.0.1:${port}/internal/api/${path}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startTestSmtpServer();
    port = await freePort();
  });
  afterAll(async () => {
    api?.kill('SIGKILL');
    await smtp.close();
    await database.close();
  });

  it('sends the message exactly once after a restart', async () => {
    const db = database.db;
    await createEmployee(db, {
      email: 'crash.agent@portal.example',
      name: 'Crash Agent',
      roles: ['agent'],
    });
    const customer = await createCustomer(db, { email: 'crash.customer@example.com' });
    const ticket = await createTicket(db, {
      customerId: customer.id,
      channel: 'email',
      contact: customer.email,
      subject: 'Crash',
    });

    api = startApi();
    await waitUntilUp(port);
    const signIn = await fetch(api_('employees/sign_in'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ employee: { email: 'crash.agent@portal.example', password: DEFAULT_TEST_PASSWORD } }),
    });
    const { apiToken } = (await signIn.json()) as { apiToken: string };
    const headers = { authorization: `Bearer ${apiToken}`, 'content-type': 'application/json' };
    await fetch(api_('toggle_online'), { method: 'PATCH', headers, body: JSON.stringify({ online: true }) });

    // The SMTP server holds the connection: the reply is committed, its delivery hangs.
    smtp.mode = 'hold';
    const reply = fetch(api_('send_reply'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: ticket.id, reply: 'Sent once, whatever happens.' }),
    }).catch(() => null);
    await waitFor('the delivery to reach the SMTP server', async () => smtp.connections > 0);
    api.kill('SIGKILL');
    await reply;
    const outbound = (await db.select().from(messages).where(eq(messages.ticketId, ticket.id))).find(
      (message) => !message.inbound,
    );
    expect(outbound).toMatchObject({ status: 'queued', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    // Restarted, the worker finds the message once its claim has run out, and sends it.
    smtp.mode = 'accept';
    api = startApi();
    await waitUntilUp(port);
    const sent = await waitFor('the message to be sent', async () => {
      const [row] = await db.select().from(messages).where(eq(messages.id, outbound!.id));
      return row?.status === 'sent' ? row : null;
    });
    expect(sent.attempts).toBe(2);
    // A few more polls of the worker change nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(smtp.received.map((mail) => mail.text?.trim())).toEqual(['Sent once, whatever happens.']);
  }, 300_000);
});
