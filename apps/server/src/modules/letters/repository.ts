import type { Executor } from '@portal/db';
import { findCustomer } from '../customers/index.ts';
import { findLoan, findPaymentsWithBounces } from '../loans/index.ts';

// A loan with its customer, payments (by due date) and each payment's bounces: what a letter says.
export async function findLetterSubject(db: Executor, loanId: number) {
  const loan = await findLoan(db, loanId);
  const customer = loan && (await findCustomer(db, loan.customerId));
  if (!loan || !customer) return undefined;
  return { loan, customer, payments: await findPaymentsWithBounces(db, loanId) };
}
export type LetterSubject = NonNullable<Awaited<ReturnType<typeof findLetterSubject>>>;
