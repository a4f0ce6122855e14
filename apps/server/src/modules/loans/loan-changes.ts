import type { ServerContext } from '../../context.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import * as repository from './repository.ts';

// PATCH reopen_approval: the customer's latest loan, approved and closed before funding, is open again
// so they can accept the offer.
export async function reopenApproval(context: ServerContext, actor: Actor, loanId: number) {
  return context.db.transaction(async (tx) => {
    const loan = await repository.lockLoan(tx, loanId);
    if (!loan) throw notFound(`Loan ${loanId} was not found.`);
    const latest = await repository.findLatestLoanOfCustomer(tx, loan.customerId);
    if (latest && latest.id !== loan.id)
      throw conflict(`Only the customer's latest loan can be reopened; loan ${latest.id} is newer.`);
    if (loan.deniedAt) throw conflict(`Loan ${loanId} was denied, so there is no approval to reopen.`);
    if (!loan.approvedAt) throw conflict(`Loan ${loanId} was never approved, so there is no approval to reopen.`);
    if (loan.fundedAt) throw conflict(`Loan ${loanId} is already funded, so there is nothing to reopen.`);
    if (!loan.closedAt) throw conflict(`Loan ${loanId} is not closed, so there is nothing to reopen.`);
    await repository.updateLoan(tx, loanId, { closedAt: null });
    await recordAuditEvent(tx, {
      ...actor,
      action: 'loan.approval_reopened',
      entityType: 'loan',
      entityId: loanId,
      before: { closedAt: loan.closedAt.toISOString() },
      after: { closedAt: null },
    });
    return { message: `Loan ${loanId} is reopened: the customer can accept the approved offer again.` };
  });
}

// PATCH toggle_ach: automatic payments on or off, for an approved loan.
export async function toggleAutoDebit(context: ServerContext, actor: Actor, loanId: number) {
  return context.db.transaction(async (tx) => {
    const loan = await repository.lockLoan(tx, loanId);
    if (!loan) throw notFound(`Loan ${loanId} was not found.`);
    if (!loan.approvedAt)
      throw conflict(`Loan ${loanId} is not approved, so it has no automatic payments to turn on or off.`);
    const autoDebit = !loan.autoDebit;
    await repository.updateLoan(tx, loanId, { autoDebit });
    await recordAuditEvent(tx, {
      ...actor,
      action: 'loan.auto_debit_toggled',
      entityType: 'loan',
      entityId: loanId,
      before: { autoDebit: loan.autoDebit },
      after: { autoDebit },
    });
    return { message: `Automatic payments (ACH) are now ${autoDebit ? 'ON' : 'OFF'} for loan ${loanId}.` };
  });
}
