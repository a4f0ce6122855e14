import {
  CREDIT_REPORTING_RESPONSES,
  dateInTimeZone,
  DISPUTE_MESSAGES,
  findResponseType,
  resolveProblems,
  type DisputeAnswer,
  type DisputeOutcome,
} from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { disputeSnapshot, toFormValues, toWireDispute } from './dispute-wire.ts';
import { lockHeldDispute } from './held-dispute.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { insertCreditReportingFlag, updateDispute } from './repository.ts';

// PATCH resolve_dispute: the holder closes the dispute with a response type, and says whether the
// consumer still disagrees (the loan is then reported XC) and whether it was resolved in the
// consumer's favour (credit reporting queues a Resend of the corrected loan for the next correction
// file; decision 049). The dispute as stored must have every field that response needs and a loan
// for either outcome (the shared rule the screen checks too). An identity theft response sends the
// loan to the credit-reporting team; the customer's account gets a note. All of it in one
// transaction with its audit events.

export const creditFlagReason = (id: number) => `Dispute #${id} resolved as identity theft`;
export const resolutionNote = (id: number, label: string) => `Dispute #${id} resolved: ${label}.`;

export async function resolveDispute(
  context: DisputesDeps,
  actor: Actor,
  id: number,
  resolution: { response_type?: string | null | undefined } & DisputeOutcome,
): Promise<DisputeAnswer> {
  const now = context.clock.now();
  const today = dateInTimeZone(now, context.businessTimeZone);
  const consumerDisagrees = resolution.consumer_disagrees === true;
  const inFavour = resolution.in_consumers_favour === true;
  const resolved = await context.db.transaction(async (tx) => {
    const dispute = await lockHeldDispute(tx, id, actor, now);
    const problems = resolveProblems(resolution.response_type, toFormValues(dispute), resolution);
    const response = findResponseType(resolution.response_type);
    if (problems.length > 0 || !response) throw unprocessable(problems);
    const after = await updateDispute(tx, id, {
      resolvedAt: now,
      resolvedBy: actor.employeeId,
      responseType: response.apiValue,
      consumerDisagrees,
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
    // The rule above made sure there is a loan for either outcome.
    const correction =
      inFavour && dispute.loanId !== null
        ? await context.queueDisputeCorrection(tx, actor, { disputeId: id, loanId: dispute.loanId, today, now })
        : null;
    if (dispute.customerId !== null) {
      const outcome = [
        correction ? ` Resolved in the consumer's favour: ${correction.sentence}` : '',
        consumerDisagrees ? ` The consumer still disagrees (compliance condition XC on loan #${dispute.loanId}).` : '',
      ].join('');
      await writeCustomerComment(tx, actor, {
        customerId: dispute.customerId,
        body: `${resolutionNote(id, response.label)}${outcome}`,
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
      after: {
        ...disputeSnapshot(after),
        inConsumersFavour: inFavour,
        correctionAdjustmentId: correction?.adjustmentId ?? null,
      },
      ipAddress: actor.ipAddress,
    });
    return after;
  });
  return {
    message: DISPUTE_MESSAGES.resolved,
    dispute: toWireDispute(resolved, null, now, today),
  };
}
