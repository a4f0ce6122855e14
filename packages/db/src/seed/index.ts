import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { employees } from '../schema/index.ts';
import { demoEmployees } from './demo-employees.ts';

export {
  seedDemoData,
  DEFAULT_DEMO_SEED,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  type DemoDataOptions,
  type DemoSummary,
} from './demo-data.ts';
export type { SealedSsn, SealSsn } from './seed-context.ts';
export { todayInTimeZone } from './calendar.ts';
export { loanTotalCents, splitInstallments } from './loan-schedule.ts';
export {
  createEmployee,
  ensureStandardRoles,
  findEmployeeByEmail,
  DEFAULT_TEST_PASSWORD,
  standardRoles,
  type NewEmployee,
} from './employees.ts';

// A database counts as empty until it has an employee: the server seeds demo data only then.
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const found = await db.select({ id: employees.id }).from(employees).limit(1);
  return found.length === 0;
}
export { createCustomer, createLoan, type NewCustomer, type NewLoan, type LoanState } from './factories/customers.ts';
export { createTicket, createMacro, type NewTicket } from './factories/tickets.ts';

// Whether an email is a demo account's (their password is published in the README): outside dev
// such an account never signs in and is never reactivated (issue 27).
export function isDemoAccountEmail(email: string): boolean {
  const lower = email.trim().toLowerCase();
  return demoEmployees.some((employee) => employee.email === lower);
}

// The demo accounts that can still sign in (their password is published in the README).
export async function findActiveDemoAccounts(db: Executor): Promise<string[]> {
  const emails = demoEmployees.map((employee) => employee.email);
  const rows = await db
    .select({ email: employees.email })
    .from(employees)
    .where(and(inArray(sql`lower(${employees.email})`, emails), eq(employees.active, true)));
  return rows.map((row) => row.email);
}
