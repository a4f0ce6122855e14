import type { Executor } from '../client.ts';
import { employees } from '../schema/index.ts';

// What a database needs beyond its migrations, for every installation: the standard roles, the
// first employees (npm run staff), and the lock-out of the demo's accounts outside dev. The demo
// data itself is packages/demo; the tests' factories are @portal/db/testing.
export type { SealedSsn, SealSsn } from './sealed-ssn.ts';
export {
  unsealedBankNumbers,
  type BankNumbersToSeal,
  type SealBankNumbers,
  type SealedBankNumbers,
} from './sealed-bank-numbers.ts';
export { loanTotalCents, payoffCents, splitInstallments } from './loan-schedule.ts';
export {
  createEmployee,
  ensureStandardRoles,
  findEmployeeByEmail,
  DEFAULT_TEST_PASSWORD,
  standardRoles,
  type NewEmployee,
} from './employees.ts';
export { DEMO_EMAIL, demoAccountEmails, findActiveDemoAccounts, isDemoAccountEmail } from './demo-accounts.ts';

// A database counts as empty until it has an employee: the dev start seeds demo data only then.
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  const found = await db.select({ id: employees.id }).from(employees).limit(1);
  return found.length === 0;
}
