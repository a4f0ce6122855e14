import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { badRequest } from '../../platform/http-error.ts';
import { normalizeEmailContact } from '../customers/contact.ts';
import type { InboundMessage } from './receive-message.ts';

export const EMAIL_MESSAGES = {
  unreadable: 'The message could not be read as an email (MIME). Send the raw message as the relay received it.',
  noSender: 'The message has no From address, so it cannot be matched to a customer.',
} as const;

// A raw MIME message as the inbound relay delivers it, read into what a ticket needs.
export async function parseInboundEmail(source: Buffer): Promise<InboundMessage> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(source, { skipImageLinks: true });
  } catch {
    throw badRequest(EMAIL_MESSAGES.unreadable);
  }
  const sender = firstAddress(parsed.from);
  const contact = sender ? normalizeEmailContact(sender) : null;
  if (!contact) throw badRequest(EMAIL_MESSAGES.noSender);
  const to = firstAddress(parsed.to);
  return {
    channel: 'email',
    contact,
    to: to ? to.toLowerCase() : null,
    subject: parsed.subject?.trim() || null,
    body: bodyOf(parsed),
    raw: source.toString('utf8'),
    externalId: parsed.messageId?.trim() || null,
  };
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | null {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  for (const object of objects) {
    for (const entry of object.value) {
      if (entry.address) return entry.address;
    }
  }
  return null;
}

// The plain-text part; mailparser derives one from HTML when the sender sent only HTML, and the
// crude strip below covers an HTML part it left alone. Attachments stay in the raw message and are named.
function bodyOf(parsed: ParsedMail): string {
  const text = parsed.text?.trim() || (typeof parsed.html === 'string' ? textFromHtml(parsed.html) : '');
  const attachments = parsed.attachments
    .filter((attachment) => attachment.contentDisposition !== 'inline')
    .map((attachment) => `[Attachment: ${attachment.filename ?? 'unnamed'} (${attachment.contentType})]`);
  return [text, ...attachments].filter((part) => part !== '').join('\n');
}

function textFromHtml(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
