import { and, desc, eq } from 'drizzle-orm';
import { documents, type Executor } from '@portal/db';
import { findCustomer } from '../customers/index.ts';
import { findLoan, findPaymentsOfLoans, findStatement, type StatementRecord } from '../loans/index.ts';

export type DocumentRecord = typeof documents.$inferSelect;
export type { StatementRecord };

export async function findCustomerDocuments(
  db: Executor,
  customerId: number,
  loanId: number | null,
): Promise<DocumentRecord[]> {
  const conditions = [eq(documents.customerId, customerId), ...(loanId === null ? [] : [eq(documents.loanId, loanId)])];
  return db
    .select()
    .from(documents)
    .where(and(...conditions))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function findDocument(db: Executor, id: number): Promise<DocumentRecord | undefined> {
  const [document] = await db.select().from(documents).where(eq(documents.id, id));
  return document;
}

// A statement with what its PDF shows: the loan, its customer and its payments.
export async function findStatementWithLoan(db: Executor, id: number) {
  const statement = await findStatement(db, id);
  const loan = statement && (await findLoan(db, statement.loanId));
  const customer = loan && (await findCustomer(db, loan.customerId));
  if (!statement || !loan || !customer) return undefined;
  return { statement, loan, customer, payments: await findPaymentsOfLoans(db, [loan.id]) };
}
