import type { DocumentRecord } from '../documents/index.ts';
import { csvHeader, csvRows, toCsv } from '../../platform/csv.ts';
import { LETTER_TITLES } from './evidence-reads.ts';
import type { MessageRow } from './history-queries.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// Every message in and out, and the letters the Portal drew for the customer (their PDFs as stored).

function sender(names: ReadonlyMap<number, string>, message: MessageRow): string {
  if (message.inbound) return 'customer';
  if (message.autoResponse) return 'Portal (after-hours auto-response)';
  return employeeLabel(names, message.employeeId) ?? 'Portal (system)';
}

const MESSAGE_COLUMNS = [
  'message_id',
  'created_at',
  'direction',
  'channel',
  'status',
  'sent_by',
  'from',
  'to',
  'subject',
  'body',
  'ticket_id',
  'purpose',
  'held_until',
  'sent_at',
  'attempts',
  'next_attempt_at',
  'error',
  'provider_message_id',
  'macro_id',
  'attached_document_ids',
] as const;

export const MESSAGES_HEADER = csvHeader(MESSAGE_COLUMNS);

export function messageCsvRows(names: ReadonlyMap<number, string>, rows: readonly MessageRow[]): string {
  return csvRows(
    MESSAGE_COLUMNS,
    rows.map((message) => ({
      message_id: message.id,
      created_at: message.createdAt,
      direction: message.inbound ? 'in' : 'out',
      channel: message.type,
      status: message.status,
      sent_by: sender(names, message),
      from: message.fromAddress,
      to: message.toAddress,
      subject: message.subject,
      body: message.body,
      ticket_id: message.ticketId,
      purpose: message.purpose,
      held_until: message.heldUntil,
      sent_at: message.sentAt,
      attempts: message.inbound ? null : message.attempts,
      next_attempt_at: message.nextAttemptAt,
      error: message.error,
      provider_message_id: message.externalId,
      macro_id: message.macroId,
      attached_document_ids: message.documentIds.join(' '),
    })),
  );
}

export const MESSAGES_FILE = {
  path: 'messages/messages.csv',
  section: 'messages',
  description:
    'Every text and email to and from the customer, oldest first: direction, channel, status, times (created, held until, handed to the provider), addresses, who sent it, the text, delivery attempts and errors, and the documents attached.',
} as const;

export const UNLINKED_MESSAGES_FILE = {
  path: 'messages/unlinked-messages.csv',
  section: 'messages',
  description:
    'Messages of conversations not yet linked to the customer that came from their phone number or one of their email addresses (a sender nobody matched to them yet), oldest first, in the columns of messages.csv.',
} as const;

// Where a letter's PDF goes in the pack: its document id first, so two letters never share a name.
export function letterPath(document: DocumentRecord): string {
  const name = document.name.replace(/[^\w.-]+/g, '_');
  return `letters/${document.id}-${name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`}`;
}

const title = (kind: string) => LETTER_TITLES[kind as keyof typeof LETTER_TITLES] ?? kind;

// A letter's PDF as stored.
export function letterFile(document: DocumentRecord, content: Buffer): PackFile {
  return {
    path: letterPath(document),
    section: 'letters',
    description: `${title(document.kind)}${document.loanId === null ? '' : ` for loan ${document.loanId}`}, drawn ${document.createdAt.toISOString()} (document ${document.id}), as stored.`,
    content,
    records: null,
  };
}

// stored: whether the PDF was found in the file storage (and is in the pack). emailedIn: the
// messages that carried each document, gathered as the messages were written.
export function lettersTableFile(
  letters: ReadonlyArray<{ document: DocumentRecord; stored: boolean }>,
  emailedIn: ReadonlyMap<number, readonly number[]>,
): PackFile {
  return {
    path: 'letters/letters.csv',
    section: 'letters',
    description:
      'Every letter drawn for the customer, oldest first: kind, loan, when, the PDF in this pack (or why it is not), and the emails that carried it.',
    content: toCsv(
      ['document_id', 'kind', 'title', 'loan_id', 'created_at', 'file', 'emailed_in_message_ids'],
      letters.map(({ document, stored }) => ({
        document_id: document.id,
        kind: document.kind,
        title: title(document.kind),
        loan_id: document.loanId,
        created_at: document.createdAt,
        file: stored ? letterPath(document) : 'missing from the file storage',
        emailed_in_message_ids: (emailedIn.get(document.id) ?? []).join(' '),
      })),
    ),
    records: letters.length,
  };
}
