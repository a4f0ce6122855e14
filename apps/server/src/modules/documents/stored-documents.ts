import { dateInTimeZone, documentFileUrl, type DocumentItem } from '@portal/contracts';
import { and, count, desc, eq, gte, inArray, isNull } from 'drizzle-orm';
import { documents, type Executor } from '@portal/db';
import type { DocumentRecord } from './repository.ts';
import { returnedRow } from '../../platform/returned-row.ts';
import { olderThan, timeKeyOf, type TimeBound } from '../../platform/time-keyset.ts';

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
  return returnedRow(await tx.insert(documents).values(values).returning(), 'insertDocument: insert returned nothing');
}

// Many at once (a customer's upload of several files), in the caller's transaction.
export async function insertDocuments(
  tx: Executor,
  values: ReadonlyArray<typeof documents.$inferInsert>,
): Promise<DocumentRecord[]> {
  if (values.length === 0) return [];
  return tx
    .insert(documents)
    .values([...values])
    .returning();
}

// How many documents of these kinds the loan has received since `since`.
export async function countLoanDocumentsSince(
  db: Executor,
  loanId: number,
  kinds: readonly string[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(documents)
    .where(and(eq(documents.loanId, loanId), inArray(documents.kind, [...kinds]), gte(documents.createdAt, since)));
  return row?.count ?? 0;
}

// The documents of these kinds of these customers, newest first.
export async function findDocumentsOfCustomers(
  db: Executor,
  customerIds: readonly number[],
  kinds: readonly string[],
): Promise<DocumentRecord[]> {
  if (customerIds.length === 0) return [];
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.customerId, [...customerIds]), inArray(documents.kind, [...kinds])))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

// The loan's documents of one kind, newest first.
export async function findLoanDocuments(db: Executor, loanId: number, kind: string): Promise<DocumentRecord[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.loanId, loanId), eq(documents.kind, kind)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

// The loan's documents of one kind not yet reviewed, marked reviewed now; answers their ids.
export async function markLoanDocumentsReviewed(
  tx: Executor,
  loanId: number,
  kind: string,
  at: Date,
): Promise<number[]> {
  const marked = await tx
    .update(documents)
    .set({ reviewedAt: at })
    .where(and(eq(documents.loanId, loanId), eq(documents.kind, kind), isNull(documents.reviewedAt)))
    .returning({ id: documents.id });
  return marked.map((row) => row.id);
}

// A page of the customer's documents of these kinds, newest first, after the bound (the letters on
// the customer's timeline, issue 40), each with its time as a key; through documents_customer_idx.
export async function findCustomerDocumentsPage(
  db: Executor,
  customerId: number,
  kinds: readonly string[],
  bound: TimeBound | null,
  limit: number,
) {
  return db
    .select({
      id: documents.id,
      loanId: documents.loanId,
      name: documents.name,
      kind: documents.kind,
      timeKey: timeKeyOf(documents.createdAt),
    })
    .from(documents)
    .where(
      and(
        eq(documents.customerId, customerId),
        inArray(documents.kind, [...kinds]),
        olderThan(documents.createdAt, documents.id, bound),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit);
}
