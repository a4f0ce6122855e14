import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { disputes, type Executor } from '@portal/db';
import { olderThan, timeKeyOf, type TimeBound } from '../../platform/time-keyset.ts';
import { loanIdsOfCustomer } from '../loans/index.ts';

// A customer's disputes: those that name them, and those about one of their loans (a letter matched
// to a loan only). The ids as a subquery (one column, `id`), each half through its own index
// (disputes_customer_idx, disputes_loan_idx), for a statement about the customer's disputes
// however many there are: their timeline, their audit trail, the evidence pack.
export function disputeIdsOfCustomer(customerId: number): SQL {
  return sql`select ${disputes.id} as id from ${disputes} where ${eq(disputes.customerId, customerId)}
    union select ${disputes.id} as id from ${disputes} where ${disputes.loanId} in (${loanIdsOfCustomer(customerId)})`;
}

// The same as a condition on disputes.
export function disputesOfCustomer(customerId: number): SQL {
  return sql`${disputes.id} in (${disputeIdsOfCustomer(customerId)})`;
}

// A page of the customer's disputes, newest letter first, after the bound (their timeline, issue 40).
export async function findCustomerDisputesPage(
  db: Executor,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
) {
  return db
    .select({
      id: disputes.id,
      loanId: disputes.loanId,
      type: disputes.type,
      dueDate: disputes.dueDate,
      resolvedAt: disputes.resolvedAt,
      responseType: disputes.responseType,
      timeKey: timeKeyOf(disputes.receivedAt),
    })
    .from(disputes)
    .where(and(disputesOfCustomer(customerId), olderThan(disputes.receivedAt, disputes.id, bound)))
    .orderBy(desc(disputes.receivedAt), desc(disputes.id))
    .limit(limit);
}
