import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { bounces, loans, payments, statements, type Executor } from '@portal/db';
import { activeLoanWhere } from './active-loan-where.ts';
import type { BounceRecord } from './loan-info.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// What other modules read of loans, payments and statements, asked here (the loans module owns
// them). Each answers in one statement.

export type StatementRecord = typeof statements.$inferSelect;

export async function findLoansByIds(executor: Executor, ids: readonly number[]): Promise<LoanRecord[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(loans)
    .where(inArray(loans.id, [...new Set(ids)]));
}

// The customer a loan belongs to, or undefined when there is no such loan.
export async function findCustomerIdOfLoan(executor: Executor, loanId: number): Promise<number | undefined> {
  const [row] = await executor.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, loanId));
  return row?.customerId;
}

// The customer of the loan a payment belongs to, or undefined when there is no such payment.
export async function findCustomerIdOfPayment(executor: Executor, paymentId: number): Promise<number | undefined> {
  const [row] = await executor
    .select({ customerId: loans.customerId })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(eq(payments.id, paymentId));
  return row?.customerId;
}

// Each of these loans that exists, with its customer.
export async function findCustomerIdsOfLoans(
  executor: Executor,
  loanIds: readonly number[],
): Promise<Array<{ id: number; customerId: number }>> {
  if (loanIds.length === 0) return [];
  return executor
    .select({ id: loans.id, customerId: loans.customerId })
    .from(loans)
    .where(sql`${loans.id} = any(${sql.param([...loanIds])}::bigint[])`);
}

// The customer's loans, newest first.
export async function findLoanIdsOfCustomer(executor: Executor, customerId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: loans.id })
    .from(loans)
    .where(eq(loans.customerId, customerId))
    .orderBy(desc(loans.id));
  return rows.map((row) => row.id);
}

// The customer's active loans (activeLoanWhere), by id.
export async function findActiveLoanIds(executor: Executor, customerId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), activeLoanWhere))
    .orderBy(asc(loans.id));
  return rows.map((row) => row.id);
}

export type FundedLoanRow = Pick<
  LoanRecord,
  'id' | 'customerId' | 'fundedAt' | 'paidOffAt' | 'closedAt' | 'fundingReturnedAt' | 'deniedAt'
>;

// Every funded loan of these customers, the newest first.
export async function findFundedLoansOfCustomers(
  executor: Executor,
  customerIds: readonly number[],
): Promise<FundedLoanRow[]> {
  if (customerIds.length === 0) return [];
  return executor
    .select({
      id: loans.id,
      customerId: loans.customerId,
      fundedAt: loans.fundedAt,
      paidOffAt: loans.paidOffAt,
      closedAt: loans.closedAt,
      fundingReturnedAt: loans.fundingReturnedAt,
      deniedAt: loans.deniedAt,
    })
    .from(loans)
    .where(and(inArray(loans.customerId, [...customerIds]), isNotNull(loans.fundedAt)))
    .orderBy(desc(loans.fundedAt), desc(loans.id));
}

// The payments of these loans, by due date.
export async function findPaymentsOfLoans(executor: Executor, loanIds: readonly number[]): Promise<PaymentRecord[]> {
  if (loanIds.length === 0) return [];
  return executor
    .select()
    .from(payments)
    .where(inArray(payments.loanId, [...new Set(loanIds)]))
    .orderBy(asc(payments.due), asc(payments.id));
}

// A loan's payments by due date, each with its bounces (by date).
export async function findPaymentsWithBounces(
  executor: Executor,
  loanId: number,
): Promise<Array<{ payment: PaymentRecord; bounces: BounceRecord[] }>> {
  const rows = await findPaymentsOfLoans(executor, [loanId]);
  const bounceRows =
    rows.length === 0
      ? []
      : await executor
          .select()
          .from(bounces)
          .where(
            inArray(
              bounces.paymentId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(bounces.bouncedOn), asc(bounces.id));
  return rows.map((payment) => ({
    payment,
    bounces: bounceRows.filter((bounce) => bounce.paymentId === payment.id),
  }));
}

// Payments still to collect on the two dates: not paid, processing or invalid, on active loans.
export async function countUnpaidDue(
  executor: Executor,
  first: string,
  second: string,
): Promise<{ first: number; second: number }> {
  const [row] = await executor
    .select({
      first: sql<number>`(count(*) filter (where ${eq(payments.due, first)}))::int`.mapWith(Number),
      second: sql<number>`(count(*) filter (where ${eq(payments.due, second)}))::int`.mapWith(Number),
    })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(
      and(
        inArray(payments.due, [first, second]),
        isNull(payments.paidAt),
        isNull(payments.processingAt),
        isNull(payments.invalidAt),
        activeLoanWhere,
      ),
    );
  return row ?? { first: 0, second: 0 };
}

// The customer's statements (of one loan, or of all), newest first.
export async function findStatementsOfCustomer(
  executor: Executor,
  customerId: number,
  loanId: number | null,
): Promise<StatementRecord[]> {
  const conditions = [eq(loans.customerId, customerId), ...(loanId === null ? [] : [eq(statements.loanId, loanId)])];
  const rows = await executor
    .select({ statement: statements })
    .from(statements)
    .innerJoin(loans, eq(loans.id, statements.loanId))
    .where(and(...conditions))
    .orderBy(desc(statements.statementDate), desc(statements.id));
  return rows.map((row) => row.statement);
}

export async function findStatement(executor: Executor, id: number): Promise<StatementRecord | undefined> {
  const [statement] = await executor.select().from(statements).where(eq(statements.id, id));
  return statement;
}

// The loan locked as a foreign key check locks it (KEY SHARE), so it cannot vanish before the
// caller's row names it; changes to the loan itself still go ahead.
export async function lockLoanKeyShare(executor: Executor, loanId: number): Promise<LoanRecord | undefined> {
  const [loan] = await executor.select().from(loans).where(eq(loans.id, loanId)).for('key share');
  return loan;
}
