import { z } from 'zod';
import { defineCall } from './call.ts';
import { OBJECT_LISTING_MAX_KEYS } from './constants.ts';
import { bigDatabaseIdSchema } from './primitives.ts';

// The emails our systems sent a customer (receipts, payment reminders), kept as objects under
// transaction_emails/<customer id>/ in the file storage (decision 025 has the object format).

// Spec 000 section 8: what staff see whenever an email cannot be shown.
export const TRANSACTION_EMAIL_ERROR = 'There was an error rendering the requested email...';
// Spec 000 section 9: an object listing returns at most 50 keys.
export const TRANSACTION_EMAILS_PER_PAGE = OBJECT_LISTING_MAX_KEYS;
export const TRANSACTION_EMAIL_KEY_MAX_LENGTH = 1024;

// The storage prefix of one customer's emails; the final "/" keeps customer 1 out of 12's.
export function transactionEmailPrefix(customerId: number): string {
  return `transaction_emails/${customerId}/`;
}

export const listTransactionEmailsQuerySchema = z.object({
  user_id: bigDatabaseIdSchema,
  // The `continuation` of the page before; absent for the first page.
  continuation: z
    .string()
    .min(1, 'The continuation token is empty; leave it out for the first page.')
    .max(2000, 'This continuation token does not belong to this list.')
    .optional(),
});
export type ListTransactionEmailsQuery = z.input<typeof listTransactionEmailsQuerySchema>;

// subject and sent_at are null when the object cannot be read as an email (opening it then
// answers TRANSACTION_EMAIL_ERROR).
export const transactionEmailItemSchema = z.object({
  key: z.string(),
  subject: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type TransactionEmailItem = z.infer<typeof transactionEmailItemSchema>;

// At most 50 emails in key order (keys begin with the time sent, so oldest first); continuation
// asks for the next page, null on the last.
export const listTransactionEmailsResponseSchema = z.object({
  emails: z.array(transactionEmailItemSchema),
  continuation: z.string().nullable(),
});
export type ListTransactionEmailsResponse = z.infer<typeof listTransactionEmailsResponseSchema>;

export const getTransactionEmailQuerySchema = z.object({
  user_id: bigDatabaseIdSchema,
  key: z
    .string({ error: 'Name the email to show (key).' })
    .min(1, 'Name the email to show (key).')
    .max(TRANSACTION_EMAIL_KEY_MAX_LENGTH, `An email key is at most ${TRANSACTION_EMAIL_KEY_MAX_LENGTH} characters.`),
});
export type GetTransactionEmailQuery = z.input<typeof getTransactionEmailQuerySchema>;

// The email as it was sent. `srcdoc` is a whole HTML document to put in an <iframe sandbox="">
// (no allow-scripts, no allow-same-origin): the sanitized HTML body, or the text body in a <pre>,
// under a Content-Security-Policy that runs no script and loads nothing from the network.
// `text` is the plain-text body when the email had one.
export const transactionEmailSchema = z.object({
  key: z.string(),
  subject: z.string(),
  from: z.string(),
  to: z.string(),
  // When it was sent, ISO 8601 UTC.
  date: z.string(),
  text: z.string().nullable(),
  srcdoc: z.string(),
});
export type TransactionEmail = z.infer<typeof transactionEmailSchema>;

export const transactionEmailCalls = {
  listTransactionEmails: defineCall({
    method: 'GET',
    path: 'users/transaction_emails',
    access: 'signedIn',
    query: listTransactionEmailsQuerySchema,
    response: listTransactionEmailsResponseSchema,
  }),
  getTransactionEmail: defineCall({
    method: 'GET',
    path: 'users/transaction_email',
    access: 'signedIn',
    query: getTransactionEmailQuerySchema,
    response: transactionEmailSchema,
  }),
};
