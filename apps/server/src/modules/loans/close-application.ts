import { loanComments, type Executor } from '@portal/db';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import * as repository from './repository.ts';

// An application (a loan not yet funded) closed by a review elsewhere (identification review's
// cancel and selfie decisions), in the caller's transaction: the loan is locked, closed with a
// comment saying why, and audited as loans/cancel is. Answers why it could not be, or null.
export async function closeApplication(
  tx: Executor,
  actor: Pick<Actor, 'employeeId' | 'ipAddress'>,
  loanId: number,
  why: string,
  at: Date,
): Promise<string | null> {
  const loan = await repository.lockLoan(tx, loanId);
  if (!loan) return `Loan ${loanId} was not found.`;
  if (loan.fundedAt) return `Loan ${loanId} is funded, so it cannot be cancelled; it can be paid off or settled.`;
  if (loan.closedAt) return `Loan ${loanId} is already closed.`;
  await repository.updateLoan(tx, loanId, { closedAt: at, uploadOpen: false });
  await tx.insert(loanComments).values({ loanId, employeeId: actor.employeeId, body: why, createdAt: at });
  await recordAuditEvent(tx, {
    employeeId: actor.employeeId,
    ipAddress: actor.ipAddress,
    action: 'loan.cancelled',
    entityType: 'loan',
    entityId: loanId,
    before: { closedAt: null, uploadOpen: loan.uploadOpen },
    after: { closedAt: at, uploadOpen: false, why },
  });
  return null;
}
