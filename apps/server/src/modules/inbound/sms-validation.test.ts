import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@portal/db';
import { postSms, SMS_WEBHOOK_PATH, twilioSmsParams, twilioTestSignature } from '../../testing/inbound-requests.ts';
import { countWrites } from '../../testing/row-counts.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

// Twilio's form is checked field by field once its signature is: a signed request that is not
// what Twilio sends is a 400 with the reasons, and nothing is written.
const authToken = 'twilio-test-auth-token';
const publicUrl = 'https://portal.example';
const options = { authToken, publicUrl };
const FROM_RULE = 'From must be a phone number in E.164 form (+ and 8 to 15 digits, such as +15035550101).';
const TO_RULE = 'To must be a phone number in E.164 form (+ and 8 to 15 digits, such as +15035550101).';
const SID_RULE = 'MessageSid must be SM or MM followed by 32 hexadecimal digits, as Twilio writes it.';
const NUM_MEDIA_RULE = 'NumMedia must be a whole number from 0 to 10, in digits.';
const FORM_ONLY = "Send Twilio's webhook as a form (Content-Type: application/x-www-form-urlencoded).";

let t: TestApp;
let sid = 0;
const nextSid = () => `SM${(sid += 1).toString(16).padStart(32, 'a')}`;
const params = (overrides: Record<string, string> = {}) => ({
  ...twilioSmsParams({ from: '+15035550401', body: 'Hello', sid: nextSid() }),
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp({ twilio: { accountSid: null, authToken, fromNumber: null }, publicUrl });
});
afterAll(() => t.close());

async function expectRefused(form: Record<string, string>, errors: string[]) {
  const before = await countWrites(t.database.db);
  const response = await postSms(t.app, form, options);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ errors });
  expect(await countWrites(t.database.db)).toEqual(before);
}

describe('POST webhooks/twilio/sms validates what Twilio sends', () => {
  it.each([
    ['SQL in From', { From: "' OR 1=1--" }, [FROM_RULE]],
    ['a short code in From', { From: '12345' }, [FROM_RULE]],
    ['an alphanumeric sender id in From', { From: 'ACMEBANK' }, [FROM_RULE]],
    ['a From without its +', { From: '15035550401' }, [FROM_RULE]],
    ['a From of 16 digits', { From: '+1234567890123456' }, [FROM_RULE]],
    ['a channel address in From', { From: 'whatsapp:+15035550401' }, [FROM_RULE]],
    ['a To that is no number', { To: 'support' }, [TO_RULE]],
    ['a MessageSid too short', { MessageSid: 'SM123' }, [SID_RULE]],
    ['a MessageSid of another kind', { MessageSid: `AC${'0'.repeat(32)}` }, [SID_RULE]],
    ['a MessageSid that is not hexadecimal', { MessageSid: `SM${'g'.repeat(32)}` }, [SID_RULE]],
    ['NumMedia in hexadecimal', { NumMedia: '0x2' }, [NUM_MEDIA_RULE]],
    ['NumMedia negative', { NumMedia: '-1' }, [NUM_MEDIA_RULE]],
    ['NumMedia over 10', { NumMedia: '11' }, [NUM_MEDIA_RULE]],
    ['NumMedia with a decimal point', { NumMedia: '1.0' }, [NUM_MEDIA_RULE]],
    ['NumMedia with a space', { NumMedia: ' 1' }, [NUM_MEDIA_RULE]],
    ['a missing NumMedia', { NumMedia: undefined }, ['NumMedia is missing.']],
    ['a missing To', { To: undefined }, ['To is missing.']],
    ['a missing MessageSid', { MessageSid: undefined }, ['MessageSid is missing.']],
    ['two bad fields', { From: 'x', NumMedia: 'many' }, [FROM_RULE, NUM_MEDIA_RULE]],
  ])('answers 400 for %s, and writes nothing', async (_case, overrides, errors) => {
    const form = params();
    for (const [name, value] of Object.entries(overrides)) {
      if (value === undefined) delete form[name];
      else form[name] = value;
    }
    await expectRefused(form, errors);
  });

  it.each([
    [
      'fewer pictures than NumMedia says',
      { NumMedia: '2', MediaUrl0: 'https://api.twilio.com/media/ME1', MediaContentType0: 'image/jpeg' },
      ['MediaUrl1 is missing: NumMedia is 2.', 'MediaContentType1 is missing: NumMedia is 2.'],
    ],
    [
      'a picture NumMedia does not count',
      { NumMedia: '0', MediaUrl0: 'https://api.twilio.com/media/ME1', MediaContentType0: 'image/jpeg' },
      ['MediaUrl0 is sent, but NumMedia is 0.', 'MediaContentType0 is sent, but NumMedia is 0.'],
    ],
    [
      'a picture URL that is not https',
      { NumMedia: '1', MediaUrl0: 'javascript:alert(1)', MediaContentType0: 'image/jpeg' },
      ['MediaUrl0 must be an https URL.'],
    ],
    [
      'a content type that is no MIME type',
      { NumMedia: '1', MediaUrl0: 'https://api.twilio.com/media/ME1', MediaContentType0: 'jpeg' },
      ['MediaContentType0 must be a MIME type such as image/jpeg.'],
    ],
  ])('answers 400 for %s, and writes nothing', async (_case, overrides, errors) => {
    await expectRefused(params(overrides), errors);
  });

  it('answers 400 for a field Twilio sends once given twice', async () => {
    const form = params();
    // Signed as Twilio signs a repeated parameter: each value, sorted, after its name.
    const signed = (Object.keys(form).sort() as string[]).reduce(
      (data, name) => data + (name === 'Body' ? `Body${form.Body}Bodyagain` : name + form[name]),
      `${publicUrl}${SMS_WEBHOOK_PATH}`,
    );
    const before = await countWrites(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: SMS_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': createHmac('sha1', authToken).update(signed).digest('base64'),
      },
      payload: `${new URLSearchParams(form).toString()}&Body=again`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: ['Body must be sent once, as text.'] });
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('checks the signature first: a bad field on an unsigned request is a 403', async () => {
    const response = await postSms(t.app, params({ From: "' OR 1=1--" }), { ...options, signature: 'forged' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errors: ['The request is not signed by Twilio.'] });
  });

  it('keeps a text from an international number and a picture message, each picture named', async () => {
    const form = params({
      From: '+447700900123',
      Body: 'Two pictures',
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
      MediaContentType0: 'image/jpeg',
      MediaUrl1: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME2',
      MediaContentType1: 'application/pdf',
    });
    const response = await postSms(t.app, form, options);
    expect(response.statusCode).toBe(200);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.externalId, form.MessageSid!));
    expect(message).toMatchObject({
      fromAddress: '+447700900123',
      body: [
        'Two pictures',
        '[Attachment: image/jpeg https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1]',
        '[Attachment: application/pdf https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME2]',
      ].join('\n'),
    });
  });

  it('keeps a Body with a NUL, without it', async () => {
    const form = params({ Body: 'a\u0000b' });
    expect((await postSms(t.app, form, options)).statusCode).toBe(200);
    const [message] = await t.database.db.select().from(messages).where(eq(messages.externalId, form.MessageSid!));
    expect(message?.body).toBe('ab');
  });
});

describe('POST webhooks/twilio/sms takes a form only', () => {
  it.each([
    ['a JSON', 'application/json', (form: Record<string, string>) => JSON.stringify(form)],
    ['a plain-text', 'text/plain', (form: Record<string, string>) => new URLSearchParams(form).toString()],
    ['a raw MIME', 'message/rfc822', () => 'From: a@example.com\r\n\r\nHi'],
    ['an XML', 'application/xml', () => '<Message/>'],
  ])('answers 415 for %s body, signed or not, and writes nothing', async (_case, contentType, payload) => {
    const form = params();
    const before = await countWrites(t.database.db);
    const response = await t.app.inject({
      method: 'POST',
      url: SMS_WEBHOOK_PATH,
      headers: {
        'content-type': contentType,
        'x-twilio-signature': twilioTestSignature(authToken, `${publicUrl}${SMS_WEBHOOK_PATH}`, form),
      },
      payload: payload(form),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: [FORM_ONLY] });
    expect(await countWrites(t.database.db)).toEqual(before);
  });

  it('answers 415 for a request without a body', async () => {
    const response = await t.app.inject({ method: 'POST', url: SMS_WEBHOOK_PATH });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ errors: [FORM_ONLY] });
  });

  it('takes the form with a charset, as Twilio sends it', async () => {
    const form = params();
    const response = await t.app.inject({
      method: 'POST',
      url: SMS_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        'x-twilio-signature': twilioTestSignature(authToken, `${publicUrl}${SMS_WEBHOOK_PATH}`, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(response.statusCode).toBe(200);
  });
});
