import {
  CREDIT_REPORTING_RESPONSES,
  dateInTimeZone,
  DISPUTE_MESSAGES,
  findResponseType,
  resolveProblems,
  type DisputeAnswer,
} from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { disputeSnapshot, toFormValues, toWireDispute } from './dispute-wire.ts';
import { lockHeldDispute } from './held-dispute.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { insertCreditReportingFlag, updateDispute } from './repository.ts';

// PATCH resolve_dispute: the holder closes the dispute with a response type. The dispute as stored
// must have every field that response needs (the shared rule the screen checks too). An identity
// theft response sends the loan to the credit-reporting team; the customer's account gets a note.
// All of it in one transaction with its audit events.

export const creditFlagReason = (id: number) => `Dispute #${id} resolved as identity theft`;
export const resolutionNote = (id: number, label: string) => `Dispute #${id} resolved: ${label}.`;

export async function resolveDispute(
  context: DisputesDeps,
  actor: Actor,
  id: number,
  responseType: string | null | undefined,
): Promise<DisputeAnswer> {
  const now = context.clock.now();
  const resolved = await context.db.transaction(async (tx) => {
    const dispute = await lockHeldDispute(tx, id, actor, now);
    const problems = resolveProblems(responseType, toFormValues(dispute));
    const response = findResponseType(responseType);
    if (problems.length > 0 || !response) throw unprocessable(problems);
    const after = await updateDispute(tx, id, {
      resolvedAt: now,
      resolvedBy: actor.employeeId,
      responseType: response.apiValue,
      assignedTo: null,
      leaseExpiresAt: null,
      updatedAt: now,
    });
    if (CREDIT_REPORTING_RESPONSES.includes(response.apiValue) && dispute.loanId !== null)
      await insertCreditReportingFlag(tx, {
        loanId: dispute.loanId,
        reason: creditFlagReason(id),
        disputeId: id,
        createdBy: actor.employeeId,
        createdAt: now,
      });
    if (dispute.customerId !== null) {
      await writeCustomerComment(tx, actor, {
        customerId: dispute.customerId,
        body: resolutionNote(id, response.label),
        at: now,
        context: { dispute_id: id },
      });
    }
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'dispute.resolved',
      entityType: 'dispute',
      entityId: id,
      before: disputeSnapshot(dispute),
      after: disputeSnapshot(after),
      ipAddress: actor.ipAddress,
    });
    return after;
  });
  return {
    message: DISPUTE_MESSAGES.resolved,
    dispute: toWireDispute(resolved, null, now, dateInTimeZone(now, context.businessTimeZone)),
  };
}
