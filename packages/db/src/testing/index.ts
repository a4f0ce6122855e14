// What tests use: a fresh migrated database per test file, and factories that make rows the way
// the product stores them. The employee helpers come from ../seed (npm run staff uses them too).
export * from './test-database.ts';
export {
  createCustomer,
  createLoan,
  storedBankNumbers,
  type NewCustomer,
  type NewLoan,
  type LoanState,
} from './factories/customers.ts';
export { createTicket, createMacro, type NewTicket } from './factories/tickets.ts';
export { DEFAULT_TEST_PASSWORD, type NewEmployee } from '../seed/employees.ts';
export { createEmployee, testPasswordHash, TEST_PASSWORD_COST } from './test-password.ts';
