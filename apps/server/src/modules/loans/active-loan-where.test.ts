import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loans } from '@portal/db';
import { createCustomer, createLoan, openTestDatabase, type TestDatabase } from '@portal/db/testing';
import { activeLoanWhere } from './active-loan-where.ts';
import { isActiveLoan } from './index.ts';

// The five timestamps that decide whether a loan is active, in every combination: the SQL predicate
// and the pure rule must pick the same loans.
const DECIDING = ['fundedAt', 'fundingReturnedAt', 'deniedAt', 'paidOffAt', 'closedAt'] as const;
const AT = new Date('2026-09-01T17:00:00Z');

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('activeLoanWhere', () => {
  it('picks exactly the loans isActiveLoan calls active, on all 32 combinations of the timestamps', async () => {
    const { db } = database;
    const customer = await createCustomer(db);
    for (let bits = 0; bits < 2 ** DECIDING.length; bits += 1) {
      const { loan } = await createLoan(db, { customerId: customer.id, state: 'applied' });
      const timestamps = Object.fromEntries(DECIDING.map((name, index) => [name, bits & (1 << index) ? AT : null]));
      await db.update(loans).set(timestamps).where(eq(loans.id, loan.id));
    }
    const all = await db.select().from(loans).where(eq(loans.customerId, customer.id));
    expect(all).toHaveLength(32);
    const picked = await db
      .select({ id: loans.id })
      .from(loans)
      .where(and(eq(loans.customerId, customer.id), activeLoanWhere));
    const expected = all.filter(isActiveLoan).map((loan) => loan.id);
    expect(picked.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    // Only the funded loan nothing else happened to.
    expect(expected).toHaveLength(1);
  });
});
