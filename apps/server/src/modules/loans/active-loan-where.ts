import { and, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { loans } from '@portal/db';

// isActiveLoan (loan-state.ts) as a condition on the loans table, for queries that pick active loans
// in the database; active-loan-where.test.ts checks the two agree on every combination.
export const activeLoanWhere: SQL = and(
  isNotNull(loans.fundedAt),
  isNull(loans.fundingReturnedAt),
  isNull(loans.deniedAt),
  isNull(loans.paidOffAt),
  isNull(loans.closedAt),
)!;
