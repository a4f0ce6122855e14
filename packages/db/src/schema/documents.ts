import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { loans } from './loans.ts';
import { messages } from './tickets.ts';

// Files a customer uploaded or we produced (letters), kept in the storage interface under storageKey.
export const documents = pgTable(
  'documents',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: bigint({ mode: 'number' })
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    loanId: bigint({ mode: 'number' }).references(() => loans.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    kind: text().notNull(),
    contentType: text().notNull().default('application/pdf'),
    storageKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('documents_customer_idx').on(table.customerId)],
);

// Documents sent with an outbound email (a letter emailed to the customer): the outbox attaches
// each one's file when it delivers the message.
export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: bigint({ mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    documentId: bigint({ mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.documentId] })],
);
