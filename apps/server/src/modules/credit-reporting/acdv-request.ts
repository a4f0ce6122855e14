import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ACDV_DISPUTE_CODE_OPTIONS,
  BACK_OFFICE_LEASE_MINUTES,
  daysLeft,
  DEADLINE_DAY_KINDS,
  type AcdvRequestResponse,
} from '@portal/contracts';
import { acdvRequests, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { ssnHashesAgree } from '../customers/index.ts';
import { compareAcdvFields, type BureauAccount, type BureauConsumer, type PortalSide } from './acdv-fields.ts';
import { acdvQueue } from './acdv-queue.ts';
import { toReportedConsumer } from './fcra-lookup.ts';
import { reportAccount } from './metro2-account.ts';
import { toWireAccount } from './metro2-wire.ts';
import { readReportingLoan } from './reporting-loan.ts';
import { findReportedCustomer } from './repository.ts';

// GET fcra/acdv_request {skip}: one unanswered ACDV at a time (spec 001 sections 2, 4, 7), the
// earliest response due first. The caller's own request comes back until answered or skipped; a
// skipped one is handed back to the queue (the others may take it) and not offered again to the
// caller while it is in their skip list. Beside the bureau's data: what the Portal reports today.

export type AcdvRow = typeof acdvRequests.$inferSelect;

export async function countUnanswered(executor: Executor): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(acdvRequests).where(isNull(acdvRequests.respondedAt));
  return row?.n ?? 0;
}

// What the Portal reports of the request's loan and customer today.
export async function portalSideOf(
  context: CreditReportingDeps,
  executor: Executor,
  request: AcdvRow,
  viewer: Actor,
): Promise<PortalSide> {
  const today = businessToday(context.clock, context.businessTimeZone);
  const loan = request.loanId ? await readReportingLoan(executor, request.loanId, context.businessTimeZone) : null;
  const customer = request.customerId ? await findReportedCustomer(executor, request.customerId) : null;
  const account = loan ? reportAccount(loan, today) : null;
  return {
    consumer: customer ? toReportedConsumer(customer) : null,
    // Through the one SSN door: told only to an employee who may reveal SSNs (issue 37).
    ssnMatches: ssnHashesAgree(viewer, customer?.ssnHash ?? null, request.ssnHash),
    account: loan && account ? toWireAccount(loan, account) : null,
  };
}

export function disputeMeaning(code: string): string {
  return ACDV_DISPUTE_CODE_OPTIONS.find((option) => option.code === code)?.meaning ?? 'Unknown dispute code';
}

export async function nextAcdvRequest(
  context: CreditReportingDeps,
  caller: Actor,
  skip: readonly string[],
): Promise<AcdvRequestResponse> {
  const now = context.clock.now();
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  const skipped = skip.length > 0 ? inArray(acdvRequests.controlNumber, [...skip]) : sql`false`;

  const request = await context.db.transaction(async (tx) => {
    // Skipping gives the request back.
    if (skip.length > 0)
      await tx
        .update(acdvRequests)
        .set({ assignedTo: null, leaseExpiresAt: null })
        .where(and(eq(acdvRequests.assignedTo, caller.employeeId), isNull(acdvRequests.respondedAt), skipped));
    const [held] = await tx
      .select()
      .from(acdvRequests)
      // Even once its lease ran out: nobody took it meanwhile, and leaseNext never hands the
      // caller their own item again.
      .where(and(eq(acdvRequests.assignedTo, caller.employeeId), isNull(acdvRequests.respondedAt)))
      .orderBy(asc(acdvRequests.responseDueOn), asc(acdvRequests.id))
      .limit(1);
    if (held) {
      if (held.leaseExpiresAt === null || held.leaseExpiresAt < renewalThreshold(now, until)) {
        await acdvQueue.renew(tx, caller.employeeId, [held.id], until);
        return { ...held, leaseExpiresAt: until };
      }
      return held;
    }
    const [id] = await acdvQueue.leaseNext(tx, caller.employeeId, 1, now, until, skipped);
    if (id === undefined) return null;
    const [taken] = await tx.select().from(acdvRequests).where(eq(acdvRequests.id, id));
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'acdv_request.assigned',
      entityType: 'acdv_request',
      entityId: id,
      after: { assigned_to: caller.employeeId, lease_expires_at: until.toISOString() },
      ipAddress: caller.ipAddress,
    });
    return taken ?? null;
  });

  const left = await countUnanswered(context.db);
  if (!request)
    return { acdv: null, user: null, count: left, responseVerification: {}, loan_id: null, hasImage: false };

  const portal = await portalSideOf(context, context.db, request, caller);
  const consumer = request.consumer as BureauConsumer;
  const account = request.account as BureauAccount;
  const fields = compareAcdvFields(consumer, account, request.ssnLast4, portal);
  const today = businessToday(context.clock, context.businessTimeZone);
  return {
    acdv: {
      id: request.id,
      control_number: request.controlNumber,
      dispute_code: request.disputeCode,
      dispute_meaning: disputeMeaning(request.disputeCode),
      received_on: request.receivedOn,
      response_due_on: request.responseDueOn,
      bureau_response_due_on: request.bureauResponseDueOn,
      overdue: request.responseDueOn < today,
      days_left: daysLeft(request.responseDueOn, today, DEADLINE_DAY_KINDS.acdv),
      days_kind: DEADLINE_DAY_KINDS.acdv,
      consumer_info_added_on: request.consumerInfoAddedOn,
      first_name: consumer.firstName,
      middle_name: consumer.middleName,
      last_name: consumer.lastName,
      generation_code: consumer.generationCode,
      birthday: consumer.birthday,
      ssn_last4: request.ssnLast4,
      phone_number: consumer.phoneNumber,
      address: { street: consumer.street, city: consumer.city, state: consumer.state, zip: consumer.zip },
      account_number: account.accountNumber,
      fields,
      lease_expires_at: request.leaseExpiresAt!.toISOString(),
    },
    user: portal.consumer
      ? {
          id: request.customerId!,
          first_name: portal.consumer.first_name,
          last_name: portal.consumer.last_name,
          ssn_matches: portal.ssnMatches === true,
        }
      : null,
    count: left,
    responseVerification: Object.fromEntries(fields.map((field) => [field.name, field.suggested])),
    loan_id: request.loanId,
    hasImage: request.imageStorageKey !== null,
  };
}
