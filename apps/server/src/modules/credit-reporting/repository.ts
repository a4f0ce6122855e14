import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { acdvRequests, creditReportAdjustments, type Executor } from '@portal/db';
import { findCustomer } from '../customers/index.ts';
import { employeeNameOf } from '../session/index.ts';

// Reads of the credit reporting module that are not the loan's reporting input (reporting-loan.ts).

export async function findReportedCustomer(executor: Executor, customerId: number) {
  const customer = await findCustomer(executor, customerId);
  if (!customer) return null;
  const { id, firstName, middleInitial, lastName, birthday, phoneNumber, street, city, state, zip } = customer;
  const { ssnLast4, ssnHash, ssnSealed, dnc, dnl } = customer;
  return {
    id,
    firstName,
    middleInitial,
    lastName,
    birthday,
    phoneNumber,
    street,
    city,
    state,
    zip,
    ssnLast4,
    ssnHash,
    ssnSealed,
    dnc,
    dnl,
  };
}

export type ReportedCustomer = NonNullable<Awaited<ReturnType<typeof findReportedCustomer>>>;

export async function findLoanAdjustments(executor: Executor, loanId: number) {
  return executor
    .select({
      id: creditReportAdjustments.id,
      adjType: creditReportAdjustments.adjType,
      reason: creditReportAdjustments.reason,
      genAdjFile: creditReportAdjustments.genAdjFile,
      source: creditReportAdjustments.source,
      processedAt: creditReportAdjustments.processedAt,
      createdAt: creditReportAdjustments.createdAt,
      createdBy: employeeNameOf(creditReportAdjustments.createdBy),
    })
    .from(creditReportAdjustments)
    .where(eq(creditReportAdjustments.loanId, loanId))
    .orderBy(asc(creditReportAdjustments.createdAt), asc(creditReportAdjustments.id));
}

// The answered ACDVs not yet in a response file (the files screen's count).
export async function countUnprocessedAcdvs(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(acdvRequests)
    .where(and(isNotNull(acdvRequests.respondedAt), isNull(acdvRequests.processedAt)));
  return row?.n ?? 0;
}
