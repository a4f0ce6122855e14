import { asc, eq, inArray } from 'drizzle-orm';
import { bounces, customers, loans, payments, type Executor } from '@portal/db';

// A loan with its customer, payments (by due date) and each payment's bounces: what a letter says.
export async function findLetterSubject(db: Executor, loanId: number) {
  const [found] = await db
    .select({ loan: loans, customer: customers })
    .from(loans)
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .where(eq(loans.id, loanId));
  if (!found) return undefined;
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.loanId, loanId))
    .orderBy(asc(payments.due), asc(payments.id));
  const bounceRows =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(bounces)
          .where(
            inArray(
              bounces.paymentId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(bounces.bouncedOn), asc(bounces.id));
  return {
    ...found,
    payments: rows.map((payment) => ({
      payment,
      bounces: bounceRows.filter((bounce) => bounce.paymentId === payment.id),
    })),
  };
}
export type LetterSubject = NonNullable<Awaited<ReturnType<typeof findLetterSubject>>>;

// The customer's Do Not Contact flag, held (FOR SHARE) until the transaction ends, so it cannot be
// switched on between this check and the commit of the email queued to them.
export async function lockDoNotContact(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ dnc: customers.dnc })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('share');
  return row?.dnc ?? false;
}
