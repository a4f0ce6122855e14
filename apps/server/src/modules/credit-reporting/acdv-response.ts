import { eq } from 'drizzle-orm';
import {
  ACDV_DELETE_CODES,
  ACDV_RESPONSE_CODE_OPTIONS,
  ACDV_RESPONSE_CODES,
  FIELD_VERIFICATIONS,
  type AcdvResponseCode,
} from '@portal/contracts';
import { acdvRequests, creditReportAdjustments, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { ACDV_FIELD_NAMES, acdvFieldLabel } from './acdv-fields.ts';
import { acdvQueue } from './acdv-queue.ts';
import { countUnanswered, disputeMeaning, portalSideOf } from './acdv-request.ts';

// POST fcra/acdv_response {control_number, response_verification, acdv_response_code} (spec 001
// sections 4, 7, 9): the answer to one ACDV. Refused, writing nothing, when the code is not one of
// the seven or a field is unanswered, unknown or not SAME/DIFF/UNKN. The answer keeps the account
// as the Portal reports it now (what the response file tells the bureau); 03 and 07 ask the bureau
// to delete the account, so the Portal stops reporting it too (a delete adjustment, DF for fraud).

export function verificationProblems(verification: Readonly<Record<string, string>>): string[] {
  const problems: string[] = [];
  const missing = ACDV_FIELD_NAMES.filter((name) => !(name in verification));
  if (missing.length > 0)
    problems.push(
      `Verify every field: ${missing.map(acdvFieldLabel).join(', ')} ${missing.length === 1 ? 'has' : 'have'} no answer.`,
    );
  for (const [name, value] of Object.entries(verification)) {
    if (!ACDV_FIELD_NAMES.includes(name)) problems.push(`There is no field '${name}' to verify.`);
    else if (!(FIELD_VERIFICATIONS as readonly string[]).includes(value))
      problems.push(`${acdvFieldLabel(name)}: '${value}' is not SAME, DIFF or UNKN.`);
  }
  return problems;
}

const meaningOf = (code: AcdvResponseCode) =>
  ACDV_RESPONSE_CODE_OPTIONS.find((option) => option.code === code)!.meaning;

async function lockRequest(tx: Executor, controlNumber: string) {
  const [row] = await tx.select().from(acdvRequests).where(eq(acdvRequests.controlNumber, controlNumber)).for('update');
  return row ?? null;
}

export async function respondToAcdv(
  context: CreditReportingDeps,
  caller: Actor,
  body: { control_number: string; response_verification: Record<string, string>; acdv_response_code: string },
): Promise<{ message: string; count: number }> {
  const code = body.acdv_response_code;
  const problems: string[] = [];
  if (code === '') problems.push('Choose a response code.');
  else if (!(ACDV_RESPONSE_CODES as readonly string[]).includes(code))
    problems.push(`Response code '${code}' is not one of ${ACDV_RESPONSE_CODES.join(', ')}.`);
  problems.push(...verificationProblems(body.response_verification));
  if (problems.length > 0) throw unprocessable(problems);
  const responseCode = code as AcdvResponseCode;
  const now = context.clock.now();
  const today = businessToday(context.clock, context.businessTimeZone);

  await context.db.transaction(async (tx) => {
    const request = await lockRequest(tx, body.control_number);
    if (!request) throw notFound(`ACDV ${body.control_number} was not found.`);
    if (request.respondedAt)
      throw conflict(`ACDV ${request.controlNumber} was already answered (${request.responseCode}).`);
    await acdvQueue.assertNotHeldByOther(tx, request, caller.employeeId, now);
    const portal = await portalSideOf(context, tx, request);
    await tx
      .update(acdvRequests)
      .set({
        responseCode,
        responseVerification: body.response_verification,
        respondedAccount: portal.account,
        respondedAt: now,
        respondedBy: caller.employeeId,
        assignedTo: null,
        leaseExpiresAt: null,
      })
      .where(eq(acdvRequests.id, request.id));
    const deletes = ACDV_DELETE_CODES.includes(responseCode) && request.loanId !== null && request.customerId !== null;
    if (deletes)
      // Told to the bureau by the response itself (record_and_process_acdvs marks it processed).
      await tx.insert(creditReportAdjustments).values({
        customerId: request.customerId!,
        loanId: request.loanId!,
        adjType: 'delete',
        reason: `ACDV ${request.controlNumber} answered ${responseCode} (${meaningOf(responseCode)})`,
        genAdjFile: false,
        source: 'acdv',
        fraud: responseCode === '07',
        acdvRequestId: request.id,
        effectiveOn: today,
        createdBy: caller.employeeId,
        createdAt: now,
      });
    if (request.customerId !== null)
      await writeCustomerComment(tx, caller, {
        customerId: request.customerId,
        body: `ACDV ${request.controlNumber} (dispute ${request.disputeCode}: ${disputeMeaning(request.disputeCode)}) answered ${responseCode}: ${meaningOf(responseCode)}.${deletes ? ` Loan #${request.loanId} is reported as deleted from ${today}.` : ''}`,
        at: now,
        context: { acdv_request_id: request.id },
      });
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'acdv_request.answered',
      entityType: 'acdv_request',
      entityId: request.id,
      after: {
        control_number: request.controlNumber,
        response_code: responseCode,
        response_verification: body.response_verification,
        loan_id: request.loanId,
        delete_adjustment: deletes,
      },
      ipAddress: caller.ipAddress,
    });
  });
  const left = await countUnanswered(context.db);
  return { message: `ACDV ${body.control_number} answered ${responseCode}: ${meaningOf(responseCode)}.`, count: left };
}
