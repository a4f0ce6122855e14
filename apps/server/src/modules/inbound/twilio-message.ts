import { z } from 'zod';
import { badRequest } from '../../platform/http-error.ts';
import { parseInput } from '../../platform/request-input.ts';
import { normalizePhoneContact } from '../customers/contact.ts';
import type { InboundMessage } from './receive-message.ts';

// The parameters of Twilio's incoming-message webhook we use; the others are kept in raw.
export const twilioMessageParams = z.looseObject({
  MessageSid: z.string({ error: 'MessageSid is missing.' }).min(1, 'MessageSid is missing.').max(64, 'MessageSid is too long.'),
  From: z.string({ error: 'From is missing.' }).min(1, 'From is missing.').max(64, 'From is too long.'),
  To: z.string().max(64).optional(),
  Body: z.string().max(20_000).default(''),
  NumMedia: z.coerce.number().int().min(0).max(20).default(0),
});

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

// Called once the signature is checked: `form` is every parameter exactly as Twilio sent it.
export function readTwilioMessage(form: Record<string, string | string[]>): InboundMessage {
  const params = parseInput(twilioMessageParams, form);
  const contact = normalizePhoneContact(params.From);
  if (!contact) throw badRequest('From is not a phone number.');
  // Pictures (MMS) stay with Twilio; the thread names them so staff know something was sent.
  const media: string[] = [];
  for (let index = 0; index < params.NumMedia; index += 1) {
    const url = params[`MediaUrl${index}`];
    const type = params[`MediaContentType${index}`];
    if (typeof url === 'string') media.push(`[Attachment: ${typeof type === 'string' ? type : 'file'} ${url}]`);
  }
  return {
    channel: 'text',
    contact,
    to: params.To ? normalizePhoneContact(params.To) : null,
    subject: null,
    body: [params.Body.trim(), ...media].filter((part) => part !== '').join('\n'),
    // Every parameter Twilio sent, for users/get_raw_message.
    raw: JSON.stringify(form),
    externalId: params.MessageSid,
  };
}
