import { eq } from 'drizzle-orm';
import {
  ACDV_DELETE_CODES,
  ACDV_MODIFY_CODES,
  ACDV_RESPONSE_CODE_OPTIONS,
  ACDV_RESPONSE_CODES,
  acdvDisagreementProblem,
  FIELD_VERIFICATIONS,
  type AcdvResponseCode,
} from '@portal/contracts';
import { acdvRequests, type Executor } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { conflict, notFound, unprocessable } from '../../platform/http-error.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { ACDV_FIELD_NAMES, acdvFieldLabel } from './acdv-fields.ts';
import { acdvQueue } from './acdv-queue.ts';
import { countUnanswered, disputeMeaning, portalSideOf } from './acdv-request.ts';
import { insertAdjustment, queueCorrection } from './adjustments.ts';

// POST fcra/acdv_response {control_number, response_verification, acdv_response_code,
// consumer_disagrees?} (spec 001 sections 4, 7, 9): the answer to one ACDV. Refused, writing
// nothing, when the code is not one of the seven, a field is unanswered, unknown or not
// SAME/DIFF/UNKN, or the consumer's disagreement goes with a deletion or a misrouted request. The
// answer keeps the account as the Portal reports it once answered (what the response file tells the
// bureau: its compliance condition is then XC or XH, no longer XB; decision 049); 03 and 07 ask the
// bureau to delete the account, so the Portal stops reporting it too (a delete adjustment, DF for
// fraud); 21 and 22 changed the disputed information, so the next correction file sends the
// corrected account to every bureau (a resend adjustment, FCRA 623(b)(1)(D)).

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
  body: {
    control_number: string;
    response_verification: Record<string, string>;
    acdv_response_code: string;
    consumer_disagrees?: boolean | undefined;
  },
): Promise<{ message: string; count: number }> {
  const code = body.acdv_response_code;
  const consumerDisagrees = body.consumer_disagrees === true;
  const problems: string[] = [];
  if (code === '') problems.push('Choose a response code.');
  else if (!(ACDV_RESPONSE_CODES as readonly string[]).includes(code))
    problems.push(`Response code '${code}' is not one of ${ACDV_RESPONSE_CODES.join(', ')}.`);
  const disagreement = acdvDisagreementProblem(code, consumerDisagrees);
  if (disagreement) problems.push(disagreement);
  problems.push(...verificationProblems(body.response_verification));
  if (problems.length > 0) throw unprocessable(problems);
  const responseCode = code as AcdvResponseCode;
  const now = context.clock.now();
  const today = businessToday(context.clock, context.businessTimeZone);

  const consequences = await context.db.transaction(async (tx) => {
    const request = await lockRequest(tx, body.control_number);
    if (!request) throw notFound(`ACDV ${body.control_number} was not found.`);
    if (request.respondedAt)
      throw conflict(`ACDV ${request.controlNumber} was already answered (${request.responseCode}).`);
    await acdvQueue.assertNotHeldByOther(tx, request, caller.employeeId, now);
    await tx
      .update(acdvRequests)
      .set({
        responseCode,
        responseVerification: body.response_verification,
        respondedAt: now,
        respondedBy: caller.employeeId,
        consumerDisagrees,
        assignedTo: null,
        leaseExpiresAt: null,
      })
      .where(eq(acdvRequests.id, request.id));
    // Read once answered, so the account carries the answer's compliance condition (XC or XH).
    const portal = await portalSideOf(context, tx, request, caller);
    await tx.update(acdvRequests).set({ respondedAccount: portal.account }).where(eq(acdvRequests.id, request.id));
    const hasLoan = request.loanId !== null && request.customerId !== null;
    const deletes = ACDV_DELETE_CODES.includes(responseCode) && hasLoan;
    if (deletes)
      // Told to the bureau by the response itself (record_and_process_acdvs marks it processed).
      await insertAdjustment(tx, caller, {
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
    const correction =
      ACDV_MODIFY_CODES.includes(responseCode) && hasLoan
        ? await queueCorrection(tx, caller, {
            loanId: request.loanId!,
            cause: { source: 'acdv', acdvRequestId: request.id },
            reason: `ACDV ${request.controlNumber} answered ${responseCode} (${meaningOf(responseCode)})`,
            today,
            now,
          })
        : null;
    const said = [
      deletes ? ` Loan #${request.loanId} is reported as deleted from ${today}.` : '',
      correction ? ` ${correction.sentence}` : '',
      consumerDisagrees && hasLoan ? ` The consumer still disagrees (compliance condition XC).` : '',
    ].join('');
    if (request.customerId !== null)
      await writeCustomerComment(tx, caller, {
        customerId: request.customerId,
        body: `ACDV ${request.controlNumber} (dispute ${request.disputeCode}: ${disputeMeaning(request.disputeCode)}) answered ${responseCode}: ${meaningOf(responseCode)}.${said}`,
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
        consumer_disagrees: consumerDisagrees,
        delete_adjustment: deletes,
        correction_adjustment_id: correction?.adjustmentId ?? null,
      },
      ipAddress: caller.ipAddress,
    });
    return correction ? ` ${correction.sentence}` : '';
  });
  const left = await countUnanswered(context.db);
  return {
    message: `ACDV ${body.control_number} answered ${responseCode}: ${meaningOf(responseCode)}.${consequences}`,
    count: left,
  };
}
