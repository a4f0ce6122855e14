import { eq, sql } from 'drizzle-orm';
import type { LoanHistoryResponse } from '@portal/contracts';
import { payments } from '@portal/db';
import type { LoansDeps } from './deps.ts';
import { findAuditTrail } from '../../platform/audit.ts';
import { notFound } from '../../platform/http-error.ts';
import { findEmployeeNames } from '../session/index.ts';
import * as repository from './repository.ts';

// The newest this many changes; a loan's whole life is rarely more than a few dozen.
const HISTORY_LIMIT = 500;

// GET loans/history: every change to the loan and to each of its payments, newest first, with who
// made it, when, and the values before and after, as the audit events recorded them.
export async function loanHistory(context: LoansDeps, loanId: number): Promise<LoanHistoryResponse> {
  if (!(await repository.findLoan(context.db, loanId))) throw notFound(`Loan ${loanId} was not found.`);
  const paymentIds = context.db
    .select({ id: sql<string>`${payments.id}::text` })
    .from(payments)
    .where(eq(payments.loanId, loanId));
  const events = await findAuditTrail(
    context.db,
    [
      { entityType: 'loan', entityIds: [String(loanId)] },
      { entityType: 'payment', entityIds: paymentIds },
    ],
    HISTORY_LIMIT,
  );
  const names = await findEmployeeNames(
    context.db,
    events.flatMap((event) => (event.employeeId === null ? [] : [event.employeeId])),
  );
  const rows = events.map((event) => ({
    event,
    employee: event.employeeId === null ? null : (names.get(event.employeeId) ?? null),
  }));
  return {
    loan_id: loanId,
    history: rows.map(({ event, employee }) => ({
      id: event.id,
      at: event.createdAt.toISOString(),
      employee,
      action: event.action,
      subject: event.entityType === 'loan' ? 'loan' : `payment ${event.entityId}`,
      before: event.before,
      after: event.after,
    })),
  };
}
