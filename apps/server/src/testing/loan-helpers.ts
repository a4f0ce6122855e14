import type { Executor } from '@portal/db';
import { createCustomer, createLoan, type NewCustomer } from '@portal/db/testing';

// A customer with a funded, active loan of the factory's schedule (6 monthly payments from
// 2026-10-01, ACH, a card on file too), the first two paid: `paid` is the first, `next` the first
// one due. The set-up every payment-change test starts from.
export async function createActiveLoan(db: Executor, customer: NewCustomer = {}) {
  const created = await createCustomer(db, customer);
  const { loan, payments: schedule } = await createLoan(db, {
    customerId: created.id,
    state: 'active',
    paidInstallments: 2,
  });
  return { customer: created, customerId: created.id, loan, paid: schedule[0]!, next: schedule[2]!, schedule };
}
