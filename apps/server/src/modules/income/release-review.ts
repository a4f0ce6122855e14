import { and, eq } from 'drizzle-orm';
import type { IncomeActionResponse } from '@portal/contracts';
import { incomeReviews } from '@portal/db';
import type { IncomeDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import * as repository from './repository.ts';

// PATCH income/release {loan_id}: the reviewer left the screen, so the loan they held goes back to
// the queue at once instead of when the lease runs out. Only the holder's own lease is let go; a
// loan they do not hold (decided meanwhile, or taken by someone after the lease ran out) is left
// as it is, and the answer says so.
export async function releaseIncomeReview(
  context: IncomeDeps,
  caller: Actor,
  loanId: number,
): Promise<IncomeActionResponse> {
  const released = await context.db.transaction(async (tx) => {
    const rows = await tx
      .update(incomeReviews)
      .set({ assignedTo: null, leaseExpiresAt: null })
      .where(and(eq(incomeReviews.loanId, loanId), eq(incomeReviews.assignedTo, caller.employeeId)))
      .returning({ id: incomeReviews.id });
    if (rows.length > 0)
      await recordAuditEvent(tx, {
        employeeId: caller.employeeId,
        ipAddress: caller.ipAddress,
        action: 'income_review.released',
        entityType: 'income_review',
        entityId: rows[0]!.id,
      });
    return rows.length > 0;
  });
  return {
    message: released
      ? `Loan ${loanId} is back in the queue.`
      : `You do not hold loan ${loanId}, so there was nothing to let go.`,
    need_review_total: await repository.countNeedingReview(context.db),
  };
}
