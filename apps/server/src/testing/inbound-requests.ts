import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages, type Executor } from '@portal/db';

// Signs the way Twilio's documentation describes, written out here independently of
// platform/twilio-signature.ts: URL, then each parameter name and value sorted by name, HMAC-SHA1, base64.
export function twilioTestSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return createHmac('sha1', authToken).update(data).digest('base64');
}

export type SmsWebhookOptions = { authToken: string; publicUrl: string; signature?: string | null };

// What Twilio posts for an incoming text from `from`.
export function twilioSmsParams(input: {
  from: string;
  body: string;
  sid: string;
  to?: string;
}): Record<string, string> {
  return {
    ToCountry: 'US',
    SmsMessageSid: input.sid,
    NumMedia: '0',
    SmsSid: input.sid,
    SmsStatus: 'received',
    Body: input.body,
    To: input.to ?? '+15035550100',
    NumSegments: '1',
    MessageSid: input.sid,
    AccountSid: 'ACtest00000000000000000000000000',
    From: input.from,
    ApiVersion: '2010-04-01',
  };
}

export const SMS_WEBHOOK_PATH = '/internal/api/webhooks/twilio/sms';
export const EMAIL_WEBHOOK_PATH = '/internal/api/webhooks/email';

export function postSms(app: FastifyInstance, params: Record<string, string>, options: SmsWebhookOptions) {
  const signature =
    options.signature === undefined
      ? twilioTestSignature(options.authToken, `${options.publicUrl}${SMS_WEBHOOK_PATH}`, params)
      : options.signature;
  return app.inject({
    method: 'POST',
    url: SMS_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

export function postEmail(app: FastifyInstance, raw: string, secret: string | null) {
  return app.inject({
    method: 'POST',
    url: EMAIL_WEBHOOK_PATH,
    headers: { 'content-type': 'message/rfc822', ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
    payload: raw,
  });
}

// A small RFC 5322 message, CRLF line ends as on the wire.
export function rawEmail(input: {
  from: string;
  to?: string;
  subject: string;
  messageId: string;
  text?: string;
  html?: string;
  extraHeaders?: string[];
}): string {
  const headers = [
    `From: Customer <${input.from}>`,
    `To: ${input.to ?? 'support@portal.example'}`,
    `Subject: ${input.subject}`,
    `Message-ID: ${input.messageId}`,
    'Date: Sat, 21 Nov 2026 17:00:00 +0000',
    'MIME-Version: 1.0',
    ...(input.extraHeaders ?? []),
  ];
  const body = input.html
    ? ['Content-Type: text/html; charset=utf-8', '', input.html]
    : ['Content-Type: text/plain; charset=utf-8', '', input.text ?? 'Hello'];
  return [...headers, ...body, ''].join('\r\n');
}

// The message an inbound request stored, found by the provider's id for it (an email's Message-ID).
// Only inbound rows: the after-hours answer carries the same id (its In-Reply-To) until it is sent,
// and which of the two a bare look-up finds is up to where the database put them.
export async function messageByExternalId(db: Executor, externalId: string) {
  const [message] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.inbound, true), eq(messages.externalId, externalId)));
  return message;
}
