import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LoanHistoryResponse } from '@portal/contracts';
import { auditEvents, employees, payments } from '@portal/db';
import type { ServerContext } from '../../context.ts';
import { notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// The newest this many changes; a loan's whole life is rarely more than a few dozen.
const HISTORY_LIMIT = 500;

// GET loans/history: every change to the loan and to each of its payments, newest first, with who
// made it, when, and the values before and after, as the audit events recorded them.
export async function loanHistory(context: ServerContext, loanId: number): Promise<LoanHistoryResponse> {
  if (!(await repository.findLoan(context.db, loanId))) throw notFound(`Loan ${loanId} was not found.`);
  const paymentIds = context.db
    .select({ id: sql<string>`${payments.id}::text` })
    .from(payments)
    .where(eq(payments.loanId, loanId));
  const rows = await context.db
    .select({ event: auditEvents, employee: employees.name })
    .from(auditEvents)
    .leftJoin(employees, eq(employees.id, auditEvents.employeeId))
    .where(
      or(
        and(eq(auditEvents.entityType, 'loan'), eq(auditEvents.entityId, String(loanId))),
        and(eq(auditEvents.entityType, 'payment'), inArray(auditEvents.entityId, paymentIds)),
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(HISTORY_LIMIT);
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
