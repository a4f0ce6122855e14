import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { messageByExternalId, postEmail, rawEmail } from '../../testing/inbound-requests.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

// The relay retries a message we answer 500 for ever, so stray bytes never cost us the message:
// NULs are dropped and broken Unicode replaced, in every string read from it.
const secret = 'relay-secret-for-tests';
const t = useTestApp({ inboundEmailSecret: secret });
let counter = 0;
const messageId = () => `<bad-bytes-${(counter += 1)}.${process.pid}@mail.example>`;
const base64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
// An RFC 2047 encoded word in UTF-16BE: the way a lone surrogate reaches a parsed header.
const utf16Word = (bytes: number[]) => `=?UTF-16BE?B?${base64(bytes)}?=`;

const storedByExternalId = (externalId: string) => messageByExternalId(t.database.db, externalId);

// One of our sent emails on an open ticket, as the outbox leaves it once SMTP took it.
async function ourSentEmail(email: string) {
  const customer = await createCustomer(t.database.db, { email });
  const [ticket] = await t.database.db
    .insert(tickets)
    .values({ channel: 'email', contact: email, customerId: customer.id })
    .returning();
  const ours = `<${crypto.randomUUID()}@portal.example>`;
  await t.database.db.insert(messages).values({
    ticketId: ticket!.id,
    customerId: customer.id,
    type: 'email',
    inbound: false,
    body: 'Our answer',
    status: 'sent',
    externalId: ours,
    processed: true,
  });
  return { customer, ticketId: ticket!.id, ours };
}

describe('POST webhooks/email with bytes the database cannot store', () => {
  it.each([
    ['In-Reply-To', (ours: string) => `In-Reply-To: ${ours.replace('@', '\u0000@')}`],
    ['References', (ours: string) => `References: <older\u0000@mail.example> ${ours.replace('@', '@\u0000')}`],
  ])('keeps a reply whose %s holds a NUL, and still threads it to our message', async (_header, header) => {
    const { customer, ticketId, ours } = await ourSentEmail(`nul.${counter}@example.com`);
    const id = messageId();
    const response = await postEmail(
      t.app,
      rawEmail({
        from: 'someone.else@work.example',
        subject: 'Re: Payoff',
        messageId: id,
        extraHeaders: [header(ours)],
      }),
      secret,
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true, duplicate: false, ticket_id: ticketId });
    expect(await storedByExternalId(id)).toMatchObject({ ticketId, customerId: customer.id, body: 'Hello' });
  });

  it('keeps a message with NULs and broken Unicode in its Message-ID, sender, subject, text and attachment names, cleaned', async () => {
    const id = messageId();
    const raw = [
      `From: ${utf16Word([0x00, 0x4a, 0xd8, 0x00])} <robin\u0000@example.com>`,
      'To: support@portal.example',
      `Subject: ${utf16Word([0x00, 0x48, 0x00, 0x69, 0xd8, 0x00])} and\u0000 more`,
      `Message-ID: ${id.replace('@', '\u0000@')}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-16be',
      'Content-Transfer-Encoding: base64',
      '',
      // "OK", a lone low surrogate, a NUL, "!"
      base64([0x00, 0x4f, 0x00, 0x4b, 0xdc, 0x00, 0x00, 0x00, 0x00, 0x21]),
      '--b1',
      `Content-Type: application/pdf; name="${utf16Word([0x00, 0x66, 0xd8, 0x00])}"`,
      `Content-Disposition: attachment; filename="${utf16Word([0x00, 0x66, 0xd8, 0x00])}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64([1, 2, 3]),
      '--b1--',
      '',
    ].join('\r\n');
    const response = await postEmail(t.app, raw, secret);

    expect(response.statusCode).toBe(200);
    const message = await storedByExternalId(id);
    expect(message).toMatchObject({
      fromAddress: 'robin@example.com',
      subject: 'Hi\ufffd and more',
      body: 'OK\ufffd!\n[Attachment: f\ufffd (application/pdf)]',
      raw: raw.replaceAll('\u0000', ''),
    });
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, message!.ticketId!));
    expect(ticket).toMatchObject({ subject: 'Hi\ufffd and more', contact: 'robin@example.com' });
    const audit = await auditEventsOf(t.database.db, 'message.received', message!.id);
    expect(audit).toHaveLength(1);
  });

  it('keeps an HTML-only message with a NUL, read as text', async () => {
    const id = messageId();
    const response = await postEmail(
      t.app,
      rawEmail({ from: 'html@example.com', subject: 'Hi', messageId: id, html: '<p>Hel\u0000lo</p>' }),
      secret,
    );
    expect(response.statusCode).toBe(200);
    expect((await storedByExternalId(id))?.body).toBe('Hello');
  });

  it('takes a NUL in the Auto-Submitted header for what it says: automatic', async () => {
    const id = messageId();
    const response = await postEmail(
      t.app,
      rawEmail({
        from: 'robot@example.com',
        subject: 'Away',
        messageId: id,
        extraHeaders: ['Auto-Submitted: auto-replied\u0000'],
      }),
      secret,
    );
    expect(response.json()).toMatchObject({ ticket_id: null });
    expect(await storedByExternalId(id)).toMatchObject({ processed: true, ticketId: null });
  });
});
