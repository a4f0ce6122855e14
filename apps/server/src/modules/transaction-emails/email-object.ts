import { z } from 'zod';

// How a transaction email is kept: one UTF-8 JSON object per email under
// transaction_emails/<customer id>/, named <sent_at as YYYY-MM-DDTHHMMSSZ>-<what>.json so a listing
// (in key order) is in the order they were sent. Whatever sends receipts and reminders writes it;
// this module only reads it (and writes the demo data's).
//
//   {
//     "subject": "Payment received: $84.12",
//     "from": "Portal Support <support@portal.example>",
//     "to": "Ada Lovelace <ada@example.com>",
//     "sent_at": "2026-11-01T17:00:00.000Z",
//     "html": "<p>…</p>",      (optional: the HTML part as sent)
//     "text": "…"              (optional: the plain-text part as sent; at least one of the two)
//   }
export const storedTransactionEmailSchema = z
  .object({
    subject: z.string().max(2000),
    from: z.string().min(1).max(2000),
    to: z.string().min(1).max(2000),
    sent_at: z.iso.datetime({ offset: true }),
    html: z.string().optional(),
    text: z.string().optional(),
  })
  .refine((email) => email.html !== undefined || email.text !== undefined, 'An email needs an html or a text body.');
export type StoredTransactionEmail = z.infer<typeof storedTransactionEmailSchema>;

// Larger than any email we send; a bigger object is refused rather than parsed.
export const MAX_TRANSACTION_EMAIL_BYTES = 5 * 1024 * 1024;

// The email an object holds, or null when it is no email of this format.
export function parseTransactionEmail(content: Buffer): StoredTransactionEmail | null {
  if (content.length > MAX_TRANSACTION_EMAIL_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(content));
  } catch {
    return null;
  }
  const parsed = storedTransactionEmailSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

export function serializeTransactionEmail(email: StoredTransactionEmail): Buffer {
  return Buffer.from(`${JSON.stringify(email, null, 2)}\n`, 'utf8');
}

// The key of an email sent at `sentAt`: transaction_emails/12/2026-11-01T170000Z-receipt.json.
export function transactionEmailKey(prefix: string, sentAt: Date, name: string): string {
  const stamp = sentAt
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '');
  return `${prefix}${stamp}-${name}.json`;
}
