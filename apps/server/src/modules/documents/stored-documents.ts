import { dateInTimeZone, documentFileUrl, type DocumentItem } from '@portal/contracts';
import { documents, type Executor } from '@portal/db';
import type { DocumentRecord } from './repository.ts';

// A stored document as the wire lists it; its file is GET documents/:id.
export const documentUrl = documentFileUrl;

export function toDocumentItem(document: DocumentRecord, timeZone: string): DocumentItem {
  return {
    id: String(document.id),
    name: document.name,
    kind: document.kind,
    loan_id: document.loanId,
    date: dateInTimeZone(document.createdAt, timeZone),
    url: documentUrl(String(document.id)),
  };
}

// Inside the caller's transaction, once the file is in storage under storageKey.
export async function insertDocument(tx: Executor, values: typeof documents.$inferInsert): Promise<DocumentRecord> {
  const [row] = await tx.insert(documents).values(values).returning();
  if (!row) throw new Error('insertDocument: insert returned nothing');
  return row;
}
