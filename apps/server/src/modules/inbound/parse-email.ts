import { simpleParser, type AddressObject, type HeaderValue, type ParsedMail } from 'mailparser';
import { badRequest } from '../../platform/http-error.ts';
import { normalizeEmailContact } from '../customers/index.ts';
import { cleanText } from './clean-text.ts';
import type { InboundMessage } from './receive-message.ts';

export const EMAIL_MESSAGES = {
  unreadable: 'The message could not be read as an email (MIME). Send the raw message as the relay received it.',
  noSender: 'The message has no From address, so it cannot be matched to a customer.',
} as const;

// A raw MIME message as the inbound relay delivers it, read into what a ticket needs. Every string
// taken from it goes through cleanText (no NUL, no broken Unicode): the message is kept, never a 500.
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
    subject: cleanText(parsed.subject ?? '').trim() || null,
    body: bodyOf(parsed),
    raw: cleanText(source.toString('utf8')),
    externalId: cleanText(parsed.messageId ?? '').trim() || null,
    automatic: isAutomatic(parsed, contact),
    references: referencedIds(parsed),
  };
}

// The Message-IDs this email answers (In-Reply-To, then References, newest first): a reply to one
// of our emails names it there, whatever address the customer writes from.
function referencedIds(parsed: Pick<ParsedMail, 'inReplyTo' | 'references'>): string[] {
  const references = Array.isArray(parsed.references)
    ? parsed.references
    : parsed.references
      ? parsed.references.split(/\s+/)
      : [];
  const ids = [parsed.inReplyTo ?? '', ...[...references].reverse()]
    .map((id) => cleanText(id).trim())
    .filter((id) => id !== '');
  return [...new Set(ids)].slice(0, 20);
}

// Sent by a machine, not typed by the customer (RFC 3834): an out-of-office or other auto-reply,
// a delivery failure report, a bulk mailing. Such a message never opens a ticket, and answering it
// could start a mail loop between two robots.
function isAutomatic(parsed: Pick<ParsedMail, 'headers'>, sender: string): boolean {
  const header = (name: string) => headerText(parsed.headers.get(name));
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted !== '' && autoSubmitted !== 'no') return true;
  if (header('x-autoreply') !== '' || header('x-autorespond') !== '') return true;
  if (['auto_reply', 'bulk', 'junk', 'list'].includes(header('precedence'))) return true;
  if (header('content-type') === 'multipart/report') return true;
  return /^(mailer-daemon|postmaster)@/.test(sender);
}

// A header's main value, lowercased: mailparser gives structured headers (Content-Type) as
// {value, params}, repeated ones as arrays.
function headerText(value: HeaderValue | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return cleanText(first).trim().toLowerCase();
  if (typeof first === 'object' && first !== null && 'value' in first && typeof first.value === 'string')
    return cleanText(first.value).trim().toLowerCase();
  return '';
}

function firstAddress(field: AddressObject | AddressObject[] | undefined): string | null {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  for (const object of objects) {
    for (const entry of object.value) {
      const address = entry.address ? cleanText(entry.address) : '';
      if (address) return address;
    }
  }
  return null;
}

// The plain-text part; mailparser derives one from HTML when the sender sent only HTML, and the
// crude strip below covers an HTML part it left alone. Attachments stay in the raw message and are named.
function bodyOf(parsed: ParsedMail): string {
  const text =
    cleanText(parsed.text ?? '').trim() ||
    (typeof parsed.html === 'string' ? textFromHtml(cleanText(parsed.html)) : '');
  const attachments = parsed.attachments
    .filter((attachment) => attachment.contentDisposition !== 'inline')
    .map(
      (attachment) =>
        `[Attachment: ${cleanText(attachment.filename ?? 'unnamed')} (${cleanText(attachment.contentType)})]`,
    );
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
