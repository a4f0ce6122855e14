import type { FastifyInstance } from 'fastify';
import {
  acdvResponseDueOn,
  DEADLINE_DAY_KINDS,
  consumerInfoRefusal,
  creditReportingCalls,
  daysLeft,
  type AcdvConsumerInfoResponse,
} from '@portal/contracts';
import { acdvRequests } from '@portal/db';
import { eq } from 'drizzle-orm';
import type { CreditReportingDeps } from './deps.ts';
import { actorOf, type Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';
import { acdvQueue } from './acdv-queue.ts';

// PATCH fcra/acdv_consumer_info {control_number, received_on}: the consumer sent relevant
// information during the 30 days (FCRA 611(a)(1)(B)), so the response is due 45 days after the
// ACDV's receipt instead (decision 047). Recorded once, while the ACDV is unanswered; the stored
// response_due_on moves, so the queue hands the ACDV out by its new date.

export async function recordAcdvConsumerInfo(
  context: CreditReportingDeps,
  caller: Actor,
  controlNumber: string,
  infoReceivedOn: string,
): Promise<AcdvConsumerInfoResponse> {
  const now = context.clock.now();
  const today = businessToday(context.clock, context.businessTimeZone);
  return context.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(acdvRequests)
      .where(eq(acdvRequests.controlNumber, controlNumber))
      .for('update');
    if (!request) throw notFound(`ACDV ${controlNumber} was not found.`);
    await acdvQueue.assertNotHeldByOther(tx, request, caller.employeeId, now);
    const refusal = consumerInfoRefusal(
      {
        receivedOn: request.receivedOn,
        bureauResponseDueOn: request.bureauResponseDueOn,
        answered: request.respondedAt !== null,
        consumerInfoAddedOn: request.consumerInfoAddedOn,
      },
      infoReceivedOn,
      today,
    );
    if (refusal) throw refusal.kind === 'invalid' ? unprocessable(refusal.message) : conflict(refusal.message);
    const responseDueOn = acdvResponseDueOn(request.receivedOn, infoReceivedOn, request.bureauResponseDueOn);
    await tx
      .update(acdvRequests)
      .set({ consumerInfoAddedOn: infoReceivedOn, responseDueOn })
      .where(eq(acdvRequests.id, request.id));
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'acdv_request.consumer_info_added',
      entityType: 'acdv_request',
      entityId: request.id,
      before: { consumer_info_added_on: null, response_due_on: request.responseDueOn },
      after: { consumer_info_added_on: infoReceivedOn, response_due_on: responseDueOn },
      ipAddress: caller.ipAddress,
    });
    return {
      message: `ACDV ${controlNumber}: the consumer's information came ${infoReceivedOn}; the response is now due ${responseDueOn}.`,
      control_number: controlNumber,
      consumer_info_added_on: infoReceivedOn,
      response_due_on: responseDueOn,
      days_left: daysLeft(responseDueOn, today, DEADLINE_DAY_KINDS.acdv),
      days_kind: DEADLINE_DAY_KINDS.acdv,
    };
  });
}

export function registerAcdvConsumerInfoRoute(app: FastifyInstance, context: CreditReportingDeps): void {
  registerCall(app, creditReportingCalls.acdvConsumerInfo, (request) =>
    recordAcdvConsumerInfo(context, actorOf(request), request.body.control_number, request.body.received_on),
  );
}
