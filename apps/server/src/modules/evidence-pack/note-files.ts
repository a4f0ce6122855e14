import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import type { PackFile } from './pack-file.ts';

// The internal notes staff wrote about the customer and their tickets (issue 40, decision 062), in
// a section of their own: staff records, which an examiner may ask for, and which were never sent to
// the customer. Nothing of them is in the customer-facing files (messages, letters), and the audit
// trail says only that a note was added, not what it says.

const NOTE_COLUMNS = ['note_id', 'at', 'author', 'ticket_id', 'body', 'mentioned'] as const;

export const INTERNAL_NOTES_FILE = {
  path: 'staff/internal-notes.csv',
  section: 'staff',
  description:
    'Internal notes staff wrote to each other about the customer and their tickets, oldest first: who, when, on which ticket, the text and whom it @mentioned. Staff records, never sent to the customer: leave this folder out of anything the consumer sees.',
} as const;

export function noteFiles(record: EvidenceRecord): PackFile[] {
  return [
    {
      ...INTERNAL_NOTES_FILE,
      content: toCsv(
        NOTE_COLUMNS,
        record.notes.map((note) => ({
          note_id: note.id,
          at: note.created_at,
          author: `${note.author.name} (#${note.author.id})`,
          ticket_id: note.ticket_id,
          body: note.body,
          mentioned: note.mentions.map((mention) => `${mention.name} (#${mention.employee_id})`).join('; '),
        })),
      ),
      records: record.notes.length,
    },
  ];
}
