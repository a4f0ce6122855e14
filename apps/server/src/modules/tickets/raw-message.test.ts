import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@portal/db';
import { createTicket } from '@portal/db/testing';
import { messageByExternalId, postEmail, postSms, rawEmail, twilioSmsParams } from '../../testing/inbound-requests.ts';
import { useStaffSession, useTestApp } from '../../testing/use-test-app.ts';

const inbound = {
  twilioAuthToken: 'raw-test-token',
  emailSecret: 'raw-test-secret',
  publicUrl: 'https://portal.example',
};
const settings = {
  twilio: { accountSid: null, authToken: inbound.twilioAuthToken, fromNumber: null },
  inboundEmailSecret: inbound.emailSecret,
  publicUrl: inbound.publicUrl,
};
const t = useTestApp(settings);
const staff = useStaffSession(t);

const getRaw = (id: number | string) =>
  t.app.inject({ method: 'GET', url: `/internal/api/users/get_raw_message?message_id=${id}`, headers: staff.headers });

describe('GET users/get_raw_message', () => {
  it('answers the raw MIME of an inbound email exactly as received', async () => {
    const raw = rawEmail({
      from: 'raw@example.com',
      subject: 'Raw',
      messageId: '<raw-1@mail.example>',
      text: 'Show me raw',
    });
    expect((await postEmail(t.app, raw, inbound.emailSecret)).statusCode).toBe(200);
    const message = await messageByExternalId(t.database.db, '<raw-1@mail.example>');
    const response = await getRaw(message!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message_id: message!.id, raw });
  });

  it("answers a text's Twilio parameters one per line", async () => {
    const params = twilioSmsParams({
      from: '+15035550150',
      body: 'Raw text',
      sid: 'SMfeed0000000000000000000000000001',
    });
    expect(
      (await postSms(t.app, params, { authToken: inbound.twilioAuthToken, publicUrl: inbound.publicUrl })).statusCode,
    ).toBe(200);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.externalId, params.MessageSid!));
    const { raw } = (await getRaw(message!.id)).json();
    expect(raw.split('\n')).toContain('Body: Raw text');
    expect(raw.split('\n')).toContain('From: +15035550150');
    expect(raw.split('\n')).toContain(`MessageSid: ${params.MessageSid}`);
  });

  it('answers 404 for an unknown message and for one without a raw source', async () => {
    const ticket = await createTicket(t.database.db);
    const [withoutRaw] = await t.database.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    const unknown = await getRaw(99_999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errors: ['Message 99999999 was not found.'] });
    const noRaw = await getRaw(withoutRaw!.id);
    expect(noRaw.statusCode).toBe(404);
    expect(noRaw.json()).toEqual({ errors: [`Message ${withoutRaw!.id} has no raw source.`] });
    expect((await getRaw('abc')).statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/internal/api/users/get_raw_message?message_id=1' })).statusCode,
    ).toBe(401);
  });
});
