import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { messages } from '@portal/db';
import { createCustomer, createTicket } from '@portal/db/testing';
import { createSmtpMailer } from '../../platform/mail.ts';
import { createSignedInStaff, type SignedInStaff } from '../../testing/staff-helpers.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { postJson } from '../../testing/ticket-helpers.ts';

// The real SMTP path: the production mailer talks to an SMTP server started here, and the test
// reads the message that server received.
type Received = { envelopeTo: string[]; mail: ParsedMail };

let server: SMTPServer;
let t: TestApp;
let agent: SignedInStaff;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on loopback: no TLS offered, no login asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    mailer: createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Portal Support <support@portal.example>'),
  });
  agent = await createSignedInStaff(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) =>
    entry.value.map((address) => address.address),
  );

describe('send_reply over SMTP', () => {
  it('delivers the reply to the customer with the right recipient, subject, body and threading', async () => {
    const customer = await createCustomer(t.database.db, { email: 'smtp.customer@example.com' });
    const ticket = await createTicket(t.database.db, {
      customerId: customer.id,
      channel: 'email',
      contact: customer.email,
      subject: 'Where is my statement?',
      thread: ['Hi, where is my statement?'],
    });
    await t.database.db
      .update(messages)
      .set({ externalId: '<statement-question@mail.example>' })
      .where(eq(messages.ticketId, ticket.id));
    const response = await postJson(t.app, agent, 'send_reply', {
      id: ticket.id,
      reply: 'Your statement is attached to your account page.\nThanks!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message.status).toBe('queued');
    expect(await t.app.outbox.deliverDue()).toBe(1);

    expect(received).toHaveLength(1);
    const [delivery] = received;
    expect(delivery?.envelopeTo).toEqual(['smtp.customer@example.com']);
    expect(addresses(delivery?.mail.to)).toEqual(['smtp.customer@example.com']);
    expect(addresses(delivery?.mail.from)).toEqual(['support@portal.example']);
    expect(delivery?.mail.subject).toBe('Re: Where is my statement?');
    expect(delivery?.mail.text?.trim()).toBe('Your statement is attached to your account page.\nThanks!');
    expect(delivery?.mail.inReplyTo).toBe('<statement-question@mail.example>');
    // Our own Message-ID, made from the outbox row, on the domain of MAIL_FROM; kept as its provider id.
    const id = response.json().message.id as number;
    expect(delivery?.mail.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[\\w-]{16}@portal\\.example>$`));
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row?.externalId).toBe(delivery?.mail.messageId);
  });

  it('delivers the password-reset email over SMTP too', async () => {
    const customer = await createCustomer(t.database.db, { email: 'reset.customer@example.com', firstName: 'Lee' });
    const ticket = await createTicket(t.database.db, { customerId: customer.id });
    const response = await postJson(t.app, agent, 'send_password_reset', { id: ticket.id });
    expect(response.json()).toEqual({ message: 'Instructions sent.', held_until: null });
    await t.app.outbox.deliverDue();
    const delivery = received.at(-1);
    expect(addresses(delivery?.mail.to)).toEqual(['reset.customer@example.com']);
    expect(delivery?.mail.subject).toBe('Reset your password');
    expect(delivery?.mail.text).toMatch(/Hi Lee,[\s\S]*Forgot password\?/);
  });
});
