import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customerEmails, messages, tickets } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { messageByExternalId as storedMessage, postEmail, rawEmail } from '../../testing/inbound-requests.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { useTestApp } from '../../testing/use-test-app.ts';
import { expectErrors } from '../../testing/error-answers.ts';

const secret = 'relay-secret-for-tests';
const t = useTestApp({ inboundEmailSecret: secret });
let counter = 0;
const messageId = () => `<m${(counter += 1)}.${process.pid}@mail.example>`;

const messageByExternalId = (externalId: string) => storedMessage(t.database.db, externalId);

describe('POST webhooks/email', () => {
  it('matches the sender by primary email, opens a ticket with the subject, and keeps the raw MIME and Message-ID', async () => {
    const customer = await createCustomer(t.database.db, { email: 'jane.doe@example.com' });
    const id = messageId();
    const raw = rawEmail({
      from: 'Jane.Doe@Example.com',
      subject: 'Payment question',
      messageId: id,
      text: 'When is my next payment due?',
    });
    const response = await postEmail(t.app, raw, secret);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true, duplicate: false });
    const message = await messageByExternalId(id);
    expect(message).toMatchObject({
      type: 'email',
      inbound: true,
      status: 'received',
      processed: false,
      subject: 'Payment question',
      body: 'When is my next payment due?',
      fromAddress: 'jane.doe@example.com',
      toAddress: 'support@portal.example',
      customerId: customer.id,
      raw,
    });
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, message!.ticketId!));
    expect(ticket).toMatchObject({
      channel: 'email',
      contact: 'jane.doe@example.com',
      subject: 'Payment question',
      customerId: customer.id,
    });
  });

  it('threads a reply to one of our emails by its In-Reply-To, from whatever address it comes', async () => {
    const customer = await createCustomer(t.database.db, { email: 'primary@example.com' });
    const first = messageId();
    await postEmail(
      t.app,
      rawEmail({ from: 'primary@example.com', subject: 'Payoff', messageId: first, text: 'What is my payoff?' }),
      secret,
    );
    const ticketId = (await messageByExternalId(first))?.ticketId ?? null;
    // Our answer, as the outbox leaves it once SMTP accepted it: sent, with the Message-ID nodemailer gave it.
    const ours = `<${crypto.randomUUID()}@portal.example>`;
    await t.database.db.insert(messages).values({
      ticketId,
      customerId: customer.id,
      type: 'email',
      inbound: false,
      body: 'Your payoff is $512.40.',
      status: 'sent',
      externalId: ours,
      processed: true,
    });

    // From a work address nobody knows, quoting our message: it joins the same open ticket.
    const reply = messageId();
    const headers = [`In-Reply-To: ${ours}`, `References: ${first} ${ours}`];
    const joined = await postEmail(
      t.app,
      rawEmail({ from: 'jane@work.example', subject: 'Re: Payoff', messageId: reply, extraHeaders: headers }),
      secret,
    );
    expect(joined.json()).toMatchObject({ duplicate: false, ticket_id: ticketId });
    expect(await messageByExternalId(reply)).toMatchObject({ ticketId, customerId: customer.id });

    // Once that ticket is closed, a later reply opens a new ticket, already linked to the customer.
    await t.database.db.update(tickets).set({ state: 'closed' }).where(eq(tickets.customerId, customer.id));
    const later = messageId();
    const opened = await postEmail(
      t.app,
      rawEmail({
        from: 'jane@work.example',
        subject: 'Re: Payoff',
        messageId: later,
        extraHeaders: [`References: ${ours}`],
      }),
      secret,
    );
    const newTicketId = opened.json().ticket_id;
    expect(newTicketId).not.toBe(ticketId);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, newTicketId));
    expect(ticket).toMatchObject({ state: 'open', customerId: customer.id, contact: 'jane@work.example' });

    // An id we never sent threads nothing: an unknown sender stays unmatched.
    const stray = messageId();
    const unknown = await postEmail(
      t.app,
      rawEmail({
        from: 'other@else.example',
        subject: 'Re: x',
        messageId: stray,
        extraHeaders: ['In-Reply-To: <never-sent@portal.example>'],
      }),
      secret,
    );
    expect((await messageByExternalId(stray))?.customerId).toBeNull();
    expect(unknown.json().ticket_id).not.toBe(newTicketId);
  });

  it('keeps an auto-reply on the open ticket, already processed, and never opens a ticket for one', async () => {
    const customer = await createCustomer(t.database.db, { email: 'away@example.com' });
    const question = messageId();
    await postEmail(
      t.app,
      rawEmail({ from: 'away@example.com', subject: 'Due date', messageId: question, text: 'Can I move my due date?' }),
      secret,
    );
    const ticketId = (await messageByExternalId(question))?.ticketId;

    const outOfOffice = messageId();
    const joined = await postEmail(
      t.app,
      rawEmail({
        from: 'away@example.com',
        subject: 'Out of office',
        messageId: outOfOffice,
        text: 'I am away until Monday.',
        extraHeaders: ['Auto-Submitted: auto-replied'],
      }),
      secret,
    );
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ duplicate: false, ticket_id: ticketId });
    expect(await messageByExternalId(outOfOffice)).toMatchObject({
      ticketId,
      customerId: customer.id,
      processed: true,
      body: 'I am away until Monday.',
    });

    // With no open ticket it stays on the customer's history only: no ticket for an agent to work.
    await t.database.db.update(tickets).set({ state: 'closed' }).where(eq(tickets.customerId, customer.id));
    for (const [index, header] of [
      'Auto-Submitted: auto-generated',
      'Precedence: bulk',
      'X-Autoreply: yes',
    ].entries()) {
      const id = messageId();
      const alone = await postEmail(
        t.app,
        rawEmail({ from: 'away@example.com', subject: `Robot ${index}`, messageId: id, extraHeaders: [header] }),
        secret,
      );
      expect(alone.json()).toMatchObject({ duplicate: false, ticket_id: null });
      expect(await messageByExternalId(id)).toMatchObject({ ticketId: null, customerId: customer.id, processed: true });
    }
    const open = await t.database.db.select().from(tickets).where(eq(tickets.customerId, customer.id));
    expect(open.filter((ticket) => ticket.state === 'open')).toEqual([]);

    // 'Auto-Submitted: no' is a person writing: it opens a ticket as usual.
    const human = messageId();
    const typed = await postEmail(
      t.app,
      rawEmail({ from: 'away@example.com', subject: 'Back', messageId: human, extraHeaders: ['Auto-Submitted: no'] }),
      secret,
    );
    expect(typed.json().ticket_id).toEqual(expect.any(Number));
  });

  it('opens no ticket for a delivery failure report from a mail server', async () => {
    const id = messageId();
    const report = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
      'To: support@portal.example',
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: ${id}`,
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Your message could not be delivered.',
      '--b1--',
      '',
    ].join('\r\n');
    const response = await postEmail(t.app, report, secret);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ticket_id: null });
    expect(await messageByExternalId(id)).toMatchObject({ ticketId: null, customerId: null, processed: true });
  });

  it("matches an old address from the customer's email history and joins their open email ticket", async () => {
    const customer = await createCustomer(t.database.db, { email: 'current@example.com' });
    await t.database.db.insert(customerEmails).values({ customerId: customer.id, email: 'old.address@example.com' });
    const first = messageId();
    await postEmail(
      t.app,
      rawEmail({ from: 'current@example.com', subject: 'Hello', messageId: first, text: 'From my new address' }),
      secret,
    );
    const second = messageId();
    const response = await postEmail(
      t.app,
      rawEmail({
        from: 'old.address@example.com',
        subject: 'Re: Hello',
        messageId: second,
        text: 'From my old address',
      }),
      secret,
    );

    expect(response.statusCode).toBe(200);
    const [a, b] = [await messageByExternalId(first), await messageByExternalId(second)];
    expect(b?.customerId).toBe(customer.id);
    expect(b?.ticketId).toBe(a?.ticketId);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.customerId, customer.id))).toHaveLength(1);
  });

  it('opens an unmatched ticket for an unknown sender, and reads an HTML-only message as text', async () => {
    const id = messageId();
    const raw = rawEmail({
      from: 'stranger@example.net',
      subject: 'Hi',
      messageId: id,
      html: '<p>Hello <b>there</b></p><p>Second line</p>',
    });
    expect((await postEmail(t.app, raw, secret)).statusCode).toBe(200);
    const message = await messageByExternalId(id);
    expect(message?.customerId).toBeNull();
    expect(message?.body).toMatch(/^Hello there\s+Second line$/i);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.id, message!.ticketId!));
    expect(ticket?.customerId).toBeNull();
  });

  it('leaves an address two customers have used unmatched rather than guess', async () => {
    const one = await createCustomer(t.database.db);
    const two = await createCustomer(t.database.db);
    await t.database.db.insert(customerEmails).values([
      { customerId: one.id, email: 'shared@example.com' },
      { customerId: two.id, email: 'shared@example.com' },
    ]);
    const id = messageId();
    await postEmail(t.app, rawEmail({ from: 'shared@example.com', subject: 'Hi', messageId: id }), secret);
    expect((await messageByExternalId(id))?.customerId).toBeNull();
  });

  it('ignores a Message-ID it already stored: 200 and nothing new', async () => {
    const raw = rawEmail({ from: 'repeat@example.com', subject: 'Once', messageId: messageId() });
    await postEmail(t.app, raw, secret);
    const before = await countWrites(t.database.db);
    const replay = await postEmail(t.app, raw, secret);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('decodes a Latin-1 quoted-printable body by its declared charset', async () => {
    const id = messageId();
    const raw = [
      'From: Renée <renee@example.com>',
      'Subject: =?ISO-8859-1?Q?Caf=E9?=',
      `Message-ID: ${id}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Je voudrais payer =E0 l=27avance.',
      '',
    ].join('\r\n');
    expect((await postEmail(t.app, raw, secret)).statusCode).toBe(200);
    expect(await messageByExternalId(id)).toMatchObject({
      subject: 'Café',
      body: "Je voudrais payer à l'avance.",
      raw,
    });
  });

  it('answers 400 for a message without a From address or an empty body, and writes nothing', async () => {
    const before = await countWrites(t.database.db);
    const noFrom = 'Subject: No sender\r\nMessage-ID: <nofrom@mail.example>\r\n\r\nHello\r\n';
    const headerless = await postEmail(t.app, 'this is not an email at all', secret);
    const missingFrom = await postEmail(t.app, noFrom, secret);
    const empty = await postEmail(t.app, '', secret);

    for (const response of [headerless, missingFrom]) {
      expectErrors(response, 400, ['The message has no From address, so it cannot be matched to a customer.']);
    }
    expect(empty.statusCode).toBe(400);
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers 401 for a wrong or missing relay secret, and writes nothing', async () => {
    const before = await countWrites(t.database.db);
    const raw = rawEmail({ from: 'someone@example.com', subject: 'Hi', messageId: messageId() });
    for (const given of ['wrong-secret', `${secret}x`, null]) {
      const response = await postEmail(t.app, raw, given);
      expectErrors(response, 401, ['The inbound email relay did not send the right secret.']);
    }
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers 503 when no relay secret is configured', async () => {
    const off = await createTestApp();
    try {
      const response = await postEmail(
        off.app,
        rawEmail({ from: 'a@example.com', subject: 'Hi', messageId: messageId() }),
        'anything',
      );
      expectErrors(response, 503, ['Inbound email is not configured.']);
    } finally {
      await off.close();
    }
  });
});
