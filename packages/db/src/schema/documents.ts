import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { customers } from './customers.ts';
import { loans } from './loans.ts';
import { messages } from './tickets.ts';

// Files a customer uploaded or we produced (letters), kept in the storage interface under storageKey.
export const documents = pgTable(
  'documents',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    loanId: bigint({ mode: 'number' }).references(() => loans.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().notNull(),
    contentType: text().notNull().default('application/pdf'),
    storageKey: text().notNull(),
    // An image's EXIF DateTimeOriginal (else DateTime) as the camera wrote it ('YYYY-MM-DD HH:MM:SS',
    // no zone), read at upload: identity photos taken earlier than the upload are worth a look.
    exifDateTime: text(),
    // When a reviewer read it (paystubs on the income review).
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: timestampNow(),
  },
  (table) => [
    index('documents_customer_idx').on(table.customerId),
    index('documents_loan_kind_idx').on(table.loanId, table.kind),
  ],
);

// Documents sent with an outbound email (a letter emailed to the customer): the outbox attaches
// each one's file when it delivers the message.
export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: bigintOwnedBy(() => messages.id),
    documentId: bigintOwnedBy(() => documents.id),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.documentId] })],
);
