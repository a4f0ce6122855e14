import type { FastifyInstance } from 'fastify';
import {
  BACK_OFFICE_LEASE_MINUTES,
  dateInTimeZone,
  directDisputeDueOn,
  disputeCalls,
  frivolousNoticeDueOn,
  type FrivolousDisputeResponse,
} from '@portal/contracts';
import type { DisputesDeps } from './deps.ts';
import { actorOf, type Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, notFound } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';
import { leaseUntil } from '../../platform/work-queue.ts';
import { disputeQueue } from './dispute-queue.ts';
import { lockHeldDispute } from './held-dispute.ts';
import { DISPUTE_ERRORS } from './messages.ts';
import { lockDispute, updateDispute, type DisputeRecord } from './repository.ts';

// A direct dispute found frivolous or irrelevant (12 CFR 1022.43(f), decision 047). The holder
// records the determination and why; from then on the dispute is not investigated, and what is due
// is the notice to the consumer, within 5 business days: the dispute's due date moves to that day,
// so get-next hands it out first. Staff then record when the notice went out, and the dispute's
// due date is its 30 days again (the deadlines list shows it as a dispute once more until resolved).

type DisputesClock = Pick<DisputesDeps, 'db' | 'clock' | 'businessTimeZone'>;

// Beside the module's DISPUTE_ERRORS, the refusals of these two calls.
const FRIVOLOUS_ERRORS = {
  alreadyFrivolous: (id: number, on: string) => `Dispute #${id} was already found frivolous on ${on}.`,
  notFrivolous: (id: number) => `Dispute #${id} has not been found frivolous: there is no notice to send.`,
  alreadySent: (id: number, at: string) => `The notice of dispute #${id} was already recorded as sent (${at}).`,
};

function answerOf(dispute: DisputeRecord, timeZone: string, message: string): FrivolousDisputeResponse {
  const frivolousAt = dispute.frivolousAt!;
  return {
    message,
    id: dispute.id,
    frivolous_at: frivolousAt.toISOString(),
    frivolous_reason: dispute.frivolousReason ?? '',
    notice_due_on: frivolousNoticeDueOn(dateInTimeZone(frivolousAt, timeZone)),
    notice_sent_at: dispute.frivolousNoticeSentAt?.toISOString() ?? null,
  };
}

// PATCH disputes_dashboard/mark_frivolous {id, reason}: by the holder, once.
export async function markDisputeFrivolous(
  context: DisputesClock,
  actor: Actor,
  id: number,
  reason: string,
): Promise<FrivolousDisputeResponse> {
  const now = context.clock.now();
  const determinedOn = dateInTimeZone(now, context.businessTimeZone);
  const noticeDueOn = frivolousNoticeDueOn(determinedOn);
  const updated = await context.db.transaction(async (tx) => {
    const dispute = await lockHeldDispute(tx, id, actor, now);
    if (dispute.frivolousAt !== null)
      throw conflict(
        FRIVOLOUS_ERRORS.alreadyFrivolous(id, dateInTimeZone(dispute.frivolousAt, context.businessTimeZone)),
      );
    const after = await updateDispute(tx, id, {
      frivolousAt: now,
      frivolousReason: reason,
      dueDate: noticeDueOn,
      // Work on the dispute, as a save is: the holder's lease is renewed.
      leaseExpiresAt: leaseUntil(now, BACK_OFFICE_LEASE_MINUTES),
      updatedAt: now,
    });
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'dispute.marked_frivolous',
      entityType: 'dispute',
      entityId: id,
      before: { frivolousAt: null, frivolousReason: null, dueDate: dispute.dueDate },
      after: { frivolousAt: now.toISOString(), frivolousReason: reason, dueDate: noticeDueOn },
      ipAddress: actor.ipAddress,
    });
    return after;
  });
  return answerOf(
    updated,
    context.businessTimeZone,
    `Dispute #${id} found frivolous. Send the consumer the notice by ${noticeDueOn}.`,
  );
}

// PATCH disputes_dashboard/frivolous_notice_sent {id}: the notice went to the consumer. Anyone may
// record it (the dispute may be resolved by then), unless someone else is working the dispute.
export async function recordFrivolousNoticeSent(
  context: DisputesClock,
  actor: Actor,
  id: number,
): Promise<FrivolousDisputeResponse> {
  const now = context.clock.now();
  const updated = await context.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, id);
    if (!dispute) throw notFound(DISPUTE_ERRORS.notFound(id));
    if (dispute.frivolousAt === null) throw conflict(FRIVOLOUS_ERRORS.notFrivolous(id));
    if (dispute.frivolousNoticeSentAt !== null)
      throw conflict(FRIVOLOUS_ERRORS.alreadySent(id, dispute.frivolousNoticeSentAt.toISOString()));
    if (dispute.resolvedAt === null) await disputeQueue.assertNotHeldByOther(tx, dispute, actor.employeeId, now);
    const dueDate = directDisputeDueOn(dispute.letterReceivedOn);
    const after = await updateDispute(tx, id, { frivolousNoticeSentAt: now, dueDate, updatedAt: now });
    await recordAuditEvent(tx, {
      employeeId: actor.employeeId,
      action: 'dispute.frivolous_notice_sent',
      entityType: 'dispute',
      entityId: id,
      before: { frivolousNoticeSentAt: null, dueDate: dispute.dueDate },
      after: { frivolousNoticeSentAt: now.toISOString(), dueDate },
      ipAddress: actor.ipAddress,
    });
    return after;
  });
  return answerOf(updated, context.businessTimeZone, `The notice of dispute #${id} is recorded as sent.`);
}

export function registerFrivolousDisputeRoutes(app: FastifyInstance, context: DisputesDeps): void {
  registerCall(app, disputeCalls.markDisputeFrivolous, (request) =>
    markDisputeFrivolous(context, actorOf(request), request.body.id, request.body.reason),
  );
  registerCall(app, disputeCalls.frivolousNoticeSent, (request) =>
    recordFrivolousNoticeSent(context, actorOf(request), request.body.id),
  );
}
