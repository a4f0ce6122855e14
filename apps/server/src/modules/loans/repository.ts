import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { bounces, loans, payments, type Executor } from '@portal/db';
import { activeLoanWhere } from './active-loan-where.ts';
import { returnedRow } from '../../platform/returned-row.ts';

export type LoanRecord = typeof loans.$inferSelect;
export type PaymentRecord = typeof payments.$inferSelect;

export async function findLoan(db: Executor, id: number): Promise<LoanRecord | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.id, id));
  return loan;
}

// Locked until the transaction ends, so two changes to one loan apply one after the other.
export async function lockLoan(db: Executor, id: number): Promise<LoanRecord | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.id, id)).for('update');
  return loan;
}

type LoanValues = Partial<Omit<typeof loans.$inferInsert, 'lockVersion'>>;

// The one write of loans: every change raises the version, so a change made from a screen that saw
// an older one is refused.
async function updateLoansWhere(db: Executor, where: SQL, values: LoanValues): Promise<LoanRecord[]> {
  return db
    .update(loans)
    .set({ ...values, lockVersion: sql`${loans.lockVersion} + 1` })
    .where(where)
    .returning();
}

export async function updateLoan(db: Executor, id: number, values: LoanValues): Promise<LoanRecord> {
  return returnedRow(await updateLoansWhere(db, eq(loans.id, id), values), `updateLoan: loan ${id} vanished`);
}

// Automatic debits off on the customer's active loans that still have them (a bankruptcy's
// automatic stay forbids collecting); answers those loans' ids, in order.
export async function stopAutoDebitsOfCustomer(db: Executor, customerId: number): Promise<number[]> {
  const stopped = await updateLoansWhere(
    db,
    and(eq(loans.customerId, customerId), activeLoanWhere, eq(loans.autoDebit, true))!,
    { autoDebit: false },
  );
  return stopped.map((loan) => loan.id).sort((a, b) => a - b);
}

// Automatic debits back on for those of these loans of the customer that are still active and off
// (a new authorization lifting a failed-debit stop); answers those loans' ids, in order.
export async function restartAutoDebitsOfLoans(
  db: Executor,
  customerId: number,
  loanIds: readonly number[],
): Promise<number[]> {
  if (loanIds.length === 0) return [];
  const started = await updateLoansWhere(
    db,
    and(
      eq(loans.customerId, customerId),
      inArray(loans.id, [...loanIds]),
      activeLoanWhere,
      eq(loans.autoDebit, false),
    )!,
    { autoDebit: true },
  );
  return started.map((loan) => loan.id).sort((a, b) => a - b);
}

export async function findPayment(db: Executor, id: number): Promise<PaymentRecord | undefined> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, id));
  return payment;
}

export async function loanPayments(db: Executor, loanId: number): Promise<PaymentRecord[]> {
  return db.select().from(payments).where(eq(payments.loanId, loanId)).orderBy(asc(payments.due), asc(payments.id));
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRecord> {
  return returnedRow(await db.insert(payments).values(values).returning(), 'insertPayment: insert returned nothing');
}

export async function updatePayment(
  db: Executor,
  id: number,
  values: Partial<typeof payments.$inferInsert>,
): Promise<PaymentRecord> {
  return returnedRow(
    await db
      .update(payments)
      .set({ ...values, lockVersion: sql`${payments.lockVersion} + 1` })
      .where(eq(payments.id, id))
      .returning(),
    `updatePayment: payment ${id} vanished`,
  );
}

export async function waiveBounceFees(db: Executor, paymentId: number): Promise<number> {
  const waived = await db
    .update(bounces)
    .set({ feeWaived: true })
    .where(and(eq(bounces.paymentId, paymentId), eq(bounces.feeWaived, false)))
    .returning({ id: bounces.id });
  return waived.length;
}

export async function findLatestLoanOfCustomer(db: Executor, customerId: number): Promise<LoanRecord | undefined> {
  const [loan] = await db
    .select()
    .from(loans)
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loans.appliedAt), desc(loans.id))
    .limit(1);
  return loan;
}
