import { z } from 'zod';
import { badRequest } from '../../platform/http-error.ts';
import { parseInput } from '../../platform/request-input.ts';
import { normalizePhoneContact } from '../customers/index.ts';
import { cleanText } from './clean-text.ts';
import type { InboundMessage } from './receive-message.ts';

export const TWILIO_MESSAGES = {
  formOnly: "Send Twilio's webhook as a form (Content-Type: application/x-www-form-urlencoded).",
} as const;

// Twilio sends at most 10 pictures with a message.
const MAX_MEDIA = 10;
const NUM_MEDIA_RULE = `NumMedia must be a whole number from 0 to ${MAX_MEDIA}, in digits.`;
// E.164: + then the country code and number, 15 digits at most; 8 is the shortest real number.
// Short codes and alphanumeric sender ids are refused (decision 017): they are machines that
// cannot read an answer, and a ticket for one would be work nobody can finish.
const E164 = /^\+[1-9]\d{7,14}$/;
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;
// Printable ASCII only, as Twilio writes its media URLs and content types.
const HTTPS_URL = /^https:\/\/[\x21-\x7e]{1,2000}$/;
const MIME_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]{0,126}\/[A-Za-z0-9][\w!#$&^.+-]{0,126}$/;

// A parameter Twilio sends once, as text: missing, or given twice (an array), each has its sentence.
function once(name: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${name} is missing.` : `${name} must be sent once, as text.`),
  });
}

function phoneNumber(name: string) {
  return once(name).regex(
    E164,
    `${name} must be a phone number in E.164 form (+ and 8 to 15 digits, such as +15035550101).`,
  );
}

// The parameters of Twilio's incoming-message webhook we use, checked strictly; the others (AccountSid,
// FromCity, ...) are kept in raw as sent.
export const twilioMessageParams = z.looseObject({
  MessageSid: once('MessageSid').regex(
    MESSAGE_SID,
    'MessageSid must be SM or MM followed by 32 hexadecimal digits, as Twilio writes it.',
  ),
  From: phoneNumber('From'),
  To: phoneNumber('To'),
  Body: once('Body').max(20_000, 'Body must be at most 20,000 characters.').default(''),
  NumMedia: once('NumMedia')
    .regex(/^\d{1,2}$/, NUM_MEDIA_RULE)
    .transform(Number)
    .refine((count) => count <= MAX_MEDIA, NUM_MEDIA_RULE),
});

// Once the fields above are good: MediaUrl0..N-1 and MediaContentType0..N-1, each one well-formed
// value, and no others.
function mediaProblems(params: z.output<typeof twilioMessageParams>): string[] {
  const problems: string[] = [];
  for (let index = 0; index < params.NumMedia; index += 1) {
    for (const [field, pattern, rule] of [
      [`MediaUrl${index}`, HTTPS_URL, 'an https URL'],
      [`MediaContentType${index}`, MIME_TYPE, 'a MIME type such as image/jpeg'],
    ] as const) {
      const value = params[field];
      if (value === undefined) problems.push(`${field} is missing: NumMedia is ${params.NumMedia}.`);
      else if (typeof value !== 'string') problems.push(`${field} must be sent once, as text.`);
      else if (!pattern.test(value)) problems.push(`${field} must be ${rule}.`);
    }
  }
  for (const name of Object.keys(params)) {
    const index = /^Media(?:Url|ContentType)(\d+)$/.exec(name)?.[1];
    if (index !== undefined && Number(index) >= params.NumMedia)
      problems.push(`${name} is sent, but NumMedia is ${params.NumMedia}.`);
  }
  return problems;
}

export const TWIML_EMPTY_RESPONSE = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

// Form parameters as Twilio sends them; a name given twice keeps all its values (the signature covers each).
export function parseFormParams(body: string): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

// Only Twilio's form is read: a JSON or any other body is not what Twilio sends (415).
export function isFormContentType(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

// Called once the signature is checked: `form` is every parameter exactly as Twilio sent it.
export function readTwilioMessage(form: Record<string, string | string[]>): InboundMessage {
  const params = parseInput(twilioMessageParams, form);
  const problems = mediaProblems(params);
  if (problems.length > 0) throw badRequest(problems);
  // Pictures (MMS) stay with Twilio; the thread names them so staff know something was sent.
  const media: string[] = [];
  for (let index = 0; index < params.NumMedia; index += 1) {
    media.push(`[Attachment: ${String(params[`MediaContentType${index}`])} ${String(params[`MediaUrl${index}`])}]`);
  }
  return {
    channel: 'text',
    // E.164 always normalizes (a US number to its 10 digits, others to + and digits).
    contact: normalizePhoneContact(params.From) ?? params.From,
    to: normalizePhoneContact(params.To),
    subject: null,
    // A customer's stray NUL or broken character must not cost us the text (clean-text.ts).
    body: [cleanText(params.Body).trim(), ...media].filter((part) => part !== '').join('\n'),
    // Every parameter Twilio sent, for users/get_raw_message.
    raw: JSON.stringify(form),
    externalId: params.MessageSid,
  };
}
