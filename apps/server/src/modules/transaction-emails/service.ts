import type { FastifyBaseLogger } from 'fastify';
import {
  TRANSACTION_EMAIL_ERROR,
  TRANSACTION_EMAILS_PER_PAGE,
  transactionEmailPrefix,
  type ListTransactionEmailsResponse,
  type TransactionEmail,
  type TransactionEmailItem,
} from '@portal/contracts';
import type { TransactionEmailsDeps } from './deps.ts';
import { badRequest, HttpError, notFound, unprocessable } from '../../platform/http-error.ts';
import { StorageContinuationError, storageKeyProblem } from '../../platform/storage.ts';
import { findCustomer } from '../customers/index.ts';
import { parseTransactionEmail, type StoredTransactionEmail } from './email-object.ts';
import { emailSrcdoc } from './render-email.ts';

// Objects of one page read at a time, for their subjects and dates.
const READS_AT_ONCE = 10;

const storageUnavailable = (message: string) => new HttpError(503, message);

async function requireCustomer(context: TransactionEmailsDeps, customerId: number): Promise<void> {
  if (!(await findCustomer(context.db, customerId))) throw notFound(`Customer ${customerId} was not found.`);
}

// GET users/transaction_emails: one page (at most 50) of the customer's emails, in key order.
export async function listTransactionEmails(
  context: TransactionEmailsDeps,
  log: FastifyBaseLogger,
  customerId: number,
  continuation: string | null,
): Promise<ListTransactionEmailsResponse> {
  await requireCustomer(context, customerId);
  const prefix = transactionEmailPrefix(customerId);
  let page;
  try {
    page = await context.storage.list(prefix, { limit: TRANSACTION_EMAILS_PER_PAGE, continuation });
  } catch (error) {
    if (error instanceof StorageContinuationError)
      throw badRequest('This continuation token does not belong to this list; start again from the first page.');
    log.error({ err: error, customerId }, 'listing transaction emails failed');
    throw storageUnavailable('The transaction emails cannot be listed right now. Please try again in a moment.');
  }
  const emails: TransactionEmailItem[] = [];
  for (let start = 0; start < page.keys.length; start += READS_AT_ONCE) {
    const keys = page.keys.slice(start, start + READS_AT_ONCE);
    emails.push(...(await Promise.all(keys.map((key) => describeEmail(context, log, key)))));
  }
  return { emails, continuation: page.continuation };
}

// A list entry: the key, with the subject and date when the object reads as an email. One that
// cannot be read is listed all the same (opening it says why not).
async function describeEmail(
  context: TransactionEmailsDeps,
  log: FastifyBaseLogger,
  key: string,
): Promise<TransactionEmailItem> {
  const found = await readEmailObject(context, log, key).catch(() => null);
  const email = found && found !== 'missing' && found !== 'unreadable' ? found : null;
  return { key, subject: email?.subject ?? null, sent_at: email ? new Date(email.sent_at).toISOString() : null };
}

// The object's email, or what kept it from being one; a 503 when the storage failed.
async function readEmailObject(
  context: TransactionEmailsDeps,
  log: FastifyBaseLogger,
  key: string,
): Promise<StoredTransactionEmail | 'missing' | 'unreadable'> {
  let content;
  try {
    content = await context.storage.read(key);
  } catch (error) {
    log.error({ err: error, key }, 'reading a transaction email failed');
    throw storageUnavailable(TRANSACTION_EMAIL_ERROR);
  }
  if (content === null) return 'missing';
  const email = parseTransactionEmail(content);
  if (email) return email;
  log.warn({ key }, 'a transaction email object is not in the stored format');
  return 'unreadable';
}

// GET users/transaction_email: one email of the customer's, as it was sent. The key must be a plain
// key (no "..", no doubled or leading "/") under the customer's own prefix.
export async function readTransactionEmail(
  context: TransactionEmailsDeps,
  log: FastifyBaseLogger,
  customerId: number,
  key: string,
): Promise<TransactionEmail> {
  if (storageKeyProblem(key) !== null) throw badRequest('That is not the key of a transaction email.');
  await requireCustomer(context, customerId);
  if (!key.startsWith(transactionEmailPrefix(customerId)))
    throw notFound(`That email is not one of customer ${customerId}'s transaction emails.`);
  const email = await readEmailObject(context, log, key);
  if (email === 'missing') throw notFound(TRANSACTION_EMAIL_ERROR);
  if (email === 'unreadable') throw unprocessable(TRANSACTION_EMAIL_ERROR);
  return {
    key,
    subject: email.subject,
    from: email.from,
    to: email.to,
    date: new Date(email.sent_at).toISOString(),
    text: email.text ?? null,
    srcdoc: emailSrcdoc(email),
  };
}
