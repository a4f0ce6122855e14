import type { DocumentRecord } from '../documents/index.ts';
import { toCsv } from './csv.ts';
import { LETTER_TITLES, type EvidenceRecord } from './evidence-reads.ts';
import { employeeLabel, type PackFile } from './pack-file.ts';

// Every message in and out, and the letters the Portal drew for the customer (their PDFs as stored).

type MessageRow = EvidenceRecord['messages'][number];

function sender(record: EvidenceRecord, message: MessageRow): string {
  if (message.inbound) return 'customer';
  if (message.autoResponse) return 'Portal (after-hours auto-response)';
  return employeeLabel(record.employeeNames, message.employeeId) ?? 'Portal (system)';
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
  'attempts',
  'next_attempt_at',
  'error',
  'provider_message_id',
  'macro_id',
  'attached_document_ids',
] as const;

function messagesCsv(record: EvidenceRecord, rows: readonly MessageRow[]): string {
  return toCsv(
    MESSAGE_COLUMNS,
    rows.map((message) => ({
      message_id: message.id,
      created_at: message.createdAt,
      direction: message.inbound ? 'in' : 'out',
      channel: message.type,
      status: message.status,
      sent_by: sender(record, message),
      from: message.fromAddress,
      to: message.toAddress,
      subject: message.subject,
      body: message.body,
      ticket_id: message.ticketId,
      purpose: message.purpose,
      held_until: message.heldUntil,
      attempts: message.inbound ? null : message.attempts,
      next_attempt_at: message.nextAttemptAt,
      error: message.error,
      provider_message_id: message.externalId,
      macro_id: message.macroId,
      attached_document_ids: message.documentIds.join(' '),
    })),
  );
}

export function messageFiles(record: EvidenceRecord): PackFile[] {
  return [
    {
      path: 'messages/messages.csv',
      section: 'messages',
      description:
        'Every text and email to and from the customer, oldest first: direction, channel, status, times, addresses, who sent it, the text, delivery attempts and errors, and the documents attached.',
      content: messagesCsv(record, record.messages),
      records: record.messages.length,
    },
    {
      path: 'messages/unlinked-messages.csv',
      section: 'messages',
      description:
        'Messages of conversations not yet linked to the customer that came from their phone number or one of their email addresses (a sender nobody matched to them yet), oldest first, in the columns of messages.csv.',
      content: messagesCsv(record, record.unlinkedMessages),
      records: record.unlinkedMessages.length,
    },
  ];
}

export type StoredLetter = { document: DocumentRecord; content: Buffer | null };

// Where a letter's PDF goes in the pack: its document id first, so two letters never share a name.
export function letterPath(document: DocumentRecord): string {
  const name = document.name.replace(/[^\w.-]+/g, '_');
  return `letters/${document.id}-${name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`}`;
}

export function letterFiles(record: EvidenceRecord, letters: readonly StoredLetter[]): PackFile[] {
  const emailedIn = new Map<number, number[]>();
  for (const message of [...record.messages, ...record.unlinkedMessages])
    for (const documentId of message.documentIds)
      emailedIn.set(documentId, [...(emailedIn.get(documentId) ?? []), message.id]);
  const title = (kind: string) => LETTER_TITLES[kind as keyof typeof LETTER_TITLES] ?? kind;
  return [
    ...letters.flatMap(({ document, content }): PackFile[] =>
      content
        ? [
            {
              path: letterPath(document),
              section: 'letters',
              description: `${title(document.kind)}${document.loanId === null ? '' : ` for loan ${document.loanId}`}, drawn ${document.createdAt.toISOString()} (document ${document.id}), as stored.`,
              content,
              records: null,
            },
          ]
        : [],
    ),
    {
      path: 'letters/letters.csv',
      section: 'letters',
      description:
        'Every letter drawn for the customer, oldest first: kind, loan, when, the PDF in this pack (or why it is not), and the emails that carried it.',
      content: toCsv(
        ['document_id', 'kind', 'title', 'loan_id', 'created_at', 'file', 'emailed_in_message_ids'],
        letters.map(({ document, content }) => ({
          document_id: document.id,
          kind: document.kind,
          title: title(document.kind),
          loan_id: document.loanId,
          created_at: document.createdAt,
          file: content ? letterPath(document) : 'missing from the file storage',
          emailed_in_message_ids: (emailedIn.get(document.id) ?? []).join(' '),
        })),
      ),
      records: letters.length,
    },
  ];
}
