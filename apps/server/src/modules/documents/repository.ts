import { and, desc, eq } from 'drizzle-orm';
import { customers, documents, loans, payments, statements, type Executor } from '@portal/db';

export type DocumentRecord = typeof documents.$inferSelect;
export type StatementRecord = typeof statements.$inferSelect;

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

export async function findCustomerStatements(
  db: Executor,
  customerId: number,
  loanId: number | null,
): Promise<StatementRecord[]> {
  const conditions = [eq(loans.customerId, customerId), ...(loanId === null ? [] : [eq(statements.loanId, loanId)])];
  const rows = await db
    .select({ statement: statements })
    .from(statements)
    .innerJoin(loans, eq(loans.id, statements.loanId))
    .where(and(...conditions))
    .orderBy(desc(statements.statementDate), desc(statements.id));
  return rows.map((row) => row.statement);
}

export async function findDocument(db: Executor, id: number): Promise<DocumentRecord | undefined> {
  const [document] = await db.select().from(documents).where(eq(documents.id, id));
  return document;
}

// A statement with what its PDF shows: the loan, its customer and its payments.
export async function findStatementWithLoan(db: Executor, id: number) {
  const [row] = await db
    .select({ statement: statements, loan: loans, customer: customers })
    .from(statements)
    .innerJoin(loans, eq(loans.id, statements.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(statements.id, id));
  if (!row) return undefined;
  const loanPayments = await db
    .select()
    .from(payments)
    .where(eq(payments.loanId, row.loan.id))
    .orderBy(payments.due, payments.id);
  return { ...row, payments: loanPayments };
}
