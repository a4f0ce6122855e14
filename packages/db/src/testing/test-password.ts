import { hashPassword, type ScryptCost } from '../password-hash.ts';
import { createEmployee as createStoredEmployee, DEFAULT_TEST_PASSWORD, type NewEmployee } from '../seed/employees.ts';

// A test's employees are stored at a scrypt cost 16 times below the product's. Every sign-in in a
// test still runs the product's verifyPassword, which reads the cost from the stored hash as it
// does for any hash; at the product's cost each one took 75 ms of a core, and the suite signs in
// about 500 times. The product's own hashing (npm run staff, a new password, the demo's accounts)
// is not touched.
export const TEST_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

let shared: Promise<string> | undefined;

// The stored hash of DEFAULT_TEST_PASSWORD, made once per test process.
export function testPasswordHash(): Promise<string> {
  shared ??= hashPassword(DEFAULT_TEST_PASSWORD, TEST_PASSWORD_COST);
  return shared;
}

// An employee as createEmployee (../seed) makes one, with the password stored at the test cost.
export async function createEmployee(db: Parameters<typeof createStoredEmployee>[0], input: NewEmployee) {
  const passwordHash =
    input.passwordHash ??
    (input.password === undefined ? await testPasswordHash() : await hashPassword(input.password, TEST_PASSWORD_COST));
  return createStoredEmployee(db, { ...input, passwordHash });
}
