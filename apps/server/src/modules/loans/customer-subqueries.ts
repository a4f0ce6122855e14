import { eq, sql, type SQL } from 'drizzle-orm';
import { debitAuthorizations, debitStops, loans, payments } from '@portal/db';

// The ids of a customer's loan records as subqueries (one column, `id`), for a statement that
// selects "of the customer's loans" however many there are: joined by the planner, never a list of
// bound ids (PostgreSQL takes at most 65,535 parameters; decision 050, issue 39).

export function loanIdsOfCustomer(customerId: number): SQL {
  return sql`select ${loans.id} as id from ${loans} where ${eq(loans.customerId, customerId)}`;
}

export function paymentIdsOfCustomer(customerId: number): SQL {
  return sql`select ${payments.id} as id from ${payments} where ${payments.loanId} in (${loanIdsOfCustomer(customerId)})`;
}

export function debitStopIdsOfCustomer(customerId: number): SQL {
  return sql`select ${debitStops.id} as id from ${debitStops} where ${eq(debitStops.customerId, customerId)}`;
}

export function debitAuthorizationIdsOfCustomer(customerId: number): SQL {
  return sql`select ${debitAuthorizations.id} as id from ${debitAuthorizations} where ${eq(debitAuthorizations.customerId, customerId)}`;
}
