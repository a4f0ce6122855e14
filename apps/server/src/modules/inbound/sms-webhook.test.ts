import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, tickets } from '@portal/db';
import { createCustomer } from '@portal/db/testing';
import { postSms, SMS_WEBHOOK_PATH, twilioSmsParams, twilioTestSignature } from '../../testing/inbound-requests.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { auditEventsOf } from '../../testing/audit-events.ts';

const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const options = { authToken, publicUrl };

let t: TestApp;
let sid = 0;
const nextSid = () => `SM${String((sid += 1)).padStart(32, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ twilio: { accountSid: null, authToken, fromNumber: null }, publicUrl });
  // Monday 10:00 in the business time zone: in business hours, so no auto-response joins the
  // threads counted here (auto-response.test.ts covers the ones after hours).
  t.clock.set(new Date('2026-11-23T18:00:00Z'));
});
afterAll(() => t.close());

async function ticketMessages(ticketId: number) {
  return t.database.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
}

describe('POST webhooks/twilio/sms', () => {
  it('opens a ticket matched to the customer whose phone sent the text, and answers empty TwiML', async () => {
    const customer = await createCustomer(t.database.db, { phoneNumber: '5035550101' });
    const params = twilioSmsParams({ from: '+15035550101', body: 'Can I move my payment?', sid: nextSid() });
    const response = await postSms(t.app, params, options);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/xml/);
    expect(response.body).toContain('<Response></Response>');
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.contact, '5035550101'));
    expect(ticket).toMatchObject({ channel: 'text', customerId: customer.id, state: 'open', subject: null });
    const thread = await ticketMessages(ticket!.id);
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      type: 'text',
      inbound: true,
      status: 'received',
      processed: false,
      body: 'Can I move my payment?',
      fromAddress: '5035550101',
      toAddress: '5035550100',
      customerId: customer.id,
      externalId: params.MessageSid,
    });
    expect(JSON.parse(thread[0]!.raw!)).toEqual(params);
    const audit = await auditEventsOf(t.database.db, 'message.received', thread[0]!.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.employeeId).toBeNull();
  });

  it('adds a second text from the same number to the open ticket instead of opening another', async () => {
    await createCustomer(t.database.db, { phoneNumber: '5035550102' });
    await postSms(t.app, twilioSmsParams({ from: '+15035550102', body: 'First', sid: nextSid() }), options);
    const second = await postSms(
      t.app,
      twilioSmsParams({ from: '+15035550102', body: 'Second', sid: nextSid() }),
      options,
    );

    expect(second.statusCode).toBe(200);
    const found = await t.database.db.select().from(tickets).where(eq(tickets.contact, '5035550102'));
    expect(found).toHaveLength(1);
    expect((await ticketMessages(found[0]!.id)).map((message) => message.body)).toEqual(['First', 'Second']);
  });

  it('opens a new ticket once the earlier one is closed', async () => {
    await postSms(t.app, twilioSmsParams({ from: '+15035550103', body: 'Before', sid: nextSid() }), options);
    await t.database.db.update(tickets).set({ state: 'closed' }).where(eq(tickets.contact, '5035550103'));
    await postSms(t.app, twilioSmsParams({ from: '+15035550103', body: 'After', sid: nextSid() }), options);

    const found = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.contact, '5035550103'))
      .orderBy(tickets.id);
    expect(found.map((ticket) => ticket.state)).toEqual(['closed', 'open']);
  });

  it('opens an unmatched ticket (no customer) for an unknown number', async () => {
    const response = await postSms(
      t.app,
      twilioSmsParams({ from: '+15035550999', body: 'Who is this?', sid: nextSid() }),
      options,
    );

    expect(response.statusCode).toBe(200);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.contact, '5035550999'));
    expect(ticket?.customerId).toBeNull();
    expect((await ticketMessages(ticket!.id))[0]?.customerId).toBeNull();
  });

  it('names the pictures of a picture message in the thread', async () => {
    const messageSid = nextSid();
    const params = {
      ...twilioSmsParams({ from: '+15035550104', body: '', sid: messageSid }),
      NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/media/ME1',
      MediaContentType0: 'image/jpeg',
    };
    expect((await postSms(t.app, params, options)).statusCode).toBe(200);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.externalId, messageSid));
    expect(message?.body).toBe('[Attachment: image/jpeg https://api.twilio.com/media/ME1]');
  });

  it('refuses a wrong or missing signature with 403 and writes nothing', async () => {
    await createCustomer(t.database.db, { phoneNumber: '5035550105' });
    const before = await countWrites(t.database.db);
    const params = twilioSmsParams({ from: '+15035550105', body: 'Spoofed', sid: nextSid() });
    const wrongToken = twilioTestSignature('not-the-token', `${publicUrl}${SMS_WEBHOOK_PATH}`, params);
    const otherUrl = twilioTestSignature(authToken, `https://elsewhere.example${SMS_WEBHOOK_PATH}`, params);
    const changedBody = twilioTestSignature(authToken, `${publicUrl}${SMS_WEBHOOK_PATH}`, {
      ...params,
      Body: 'Original',
    });

    for (const signature of [wrongToken, otherUrl, changedBody, '', null]) {
      const response = await postSms(t.app, params, { ...options, signature });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ errors: ['The request is not signed by Twilio.'] });
    }
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('ignores a replayed MessageSid: 200 and nothing new', async () => {
    const params = twilioSmsParams({ from: '+15035550106', body: 'Once', sid: nextSid() });
    expect((await postSms(t.app, params, options)).statusCode).toBe(200);
    const before = await countWrites(t.database.db);

    const replay = await postSms(t.app, params, options);
    expect(replay.statusCode).toBe(200);
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('threads texts that arrive at the same moment into one ticket, and stores a retried MessageSid once', async () => {
    const retried = nextSid();
    const burst = [retried, retried, nextSid(), nextSid()].map((messageSid, index) =>
      twilioSmsParams({ from: '+15035550108', body: `Burst ${index}`, sid: messageSid }),
    );
    const responses = await Promise.all(burst.map((params) => postSms(t.app, params, options)));

    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const found = await t.database.db.select().from(tickets).where(eq(tickets.contact, '5035550108'));
    expect(found).toHaveLength(1);
    expect(await ticketMessages(found[0]!.id)).toHaveLength(3);
  });

  it('keeps a text whose body holds a NUL byte (PostgreSQL text cannot store one)', async () => {
    const params = twilioSmsParams({ from: '+15035550109', body: 'odd\u0000byte', sid: nextSid() });
    expect((await postSms(t.app, params, options)).statusCode).toBe(200);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.externalId, params.MessageSid!));
    expect(message?.body).toBe('oddbyte');
  });

  it('answers 400 for a signed request without a sender, and writes nothing', async () => {
    const before = await countWrites(t.database.db);
    const { From: _from, ...params } = twilioSmsParams({ from: '+15035550107', body: 'No sender', sid: nextSid() });
    const response = await postSms(t.app, params, options);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['From is missing.'] });
    expect(await countWrites(t.database.db)).toEqual(before);
  });
});

describe('POST webhooks/twilio/sms without a public URL or a token', () => {
  it("checks the signature against the request's own URL when no public URL is configured", async () => {
    const local = await createTestApp({ twilio: { accountSid: null, authToken, fromNumber: null } });
    try {
      const params = twilioSmsParams({ from: '+15035550201', body: 'Hi', sid: nextSid() });
      const post = (url: string) =>
        local.app.inject({
          method: 'POST',
          url: SMS_WEBHOOK_PATH,
          headers: {
            host: 'portal.test',
            'content-type': 'application/x-www-form-urlencoded',
            'x-twilio-signature': twilioTestSignature(authToken, url, params),
          },
          payload: new URLSearchParams(params).toString(),
        });
      expect((await post(`https://portal.example${SMS_WEBHOOK_PATH}`)).statusCode).toBe(403);
      expect((await post(`http://portal.test${SMS_WEBHOOK_PATH}`)).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('answers 503 when no Twilio auth token is configured', async () => {
    const off = await createTestApp();
    try {
      const response = await postSms(
        off.app,
        twilioSmsParams({ from: '+15035550202', body: 'Hi', sid: nextSid() }),
        options,
      );
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ errors: ['Inbound texts are not configured.'] });
      expect((await countWrites(off.database.db)).messages).toBe(0);
    } finally {
      await off.close();
    }
  });
});
