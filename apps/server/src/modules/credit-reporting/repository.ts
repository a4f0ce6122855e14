import { asc, desc, eq } from 'drizzle-orm';
import {
  creditReportAdjustments,
  customerBankruptcies,
  customerComments,
  customers,
  employees,
  type Executor,
} from '@portal/db';

// Reads of the credit reporting module that are not the loan's reporting input (reporting-loan.ts).

export async function findReportedCustomer(executor: Executor, customerId: number) {
  const [customer] = await executor
    .select({
      id: customers.id,
      firstName: customers.firstName,
      middleInitial: customers.middleInitial,
      lastName: customers.lastName,
      birthday: customers.birthday,
      phoneNumber: customers.phoneNumber,
      street: customers.street,
      city: customers.city,
      state: customers.state,
      zip: customers.zip,
      ssnLast4: customers.ssnLast4,
      ssnHash: customers.ssnHash,
      ssnSealed: customers.ssnSealed,
      dnc: customers.dnc,
      dnl: customers.dnl,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer ?? null;
}
export type ReportedCustomer = NonNullable<Awaited<ReturnType<typeof findReportedCustomer>>>;

// The customer's newest notes (the lookup shows what happened lately).
export async function findRecentComments(executor: Executor, customerId: number, limit = 20) {
  return executor
    .select({ body: customerComments.body, createdAt: customerComments.createdAt, employee: employees.name })
    .from(customerComments)
    .leftJoin(employees, eq(employees.id, customerComments.employeeId))
    .where(eq(customerComments.customerId, customerId))
    .orderBy(desc(customerComments.createdAt), desc(customerComments.id))
    .limit(limit);
}

// The case last recorded for the customer (what is reported).
export async function findLatestBankruptcy(executor: Executor, customerId: number) {
  const [row] = await executor
    .select()
    .from(customerBankruptcies)
    .where(eq(customerBankruptcies.customerId, customerId))
    .orderBy(desc(customerBankruptcies.updatedAt), desc(customerBankruptcies.id))
    .limit(1);
  return row ?? null;
}

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
      createdBy: employees.name,
    })
    .from(creditReportAdjustments)
    .leftJoin(employees, eq(employees.id, creditReportAdjustments.createdBy))
    .where(eq(creditReportAdjustments.loanId, loanId))
    .orderBy(asc(creditReportAdjustments.createdAt), asc(creditReportAdjustments.id));
}
