import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { ACDV_RESPONSE_CODE_OPTIONS, type RecordAcdvsResponse } from '@portal/contracts';
import { acdvRequests, creditReportAdjustments } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { nextFileName, saveReportingFile } from './reporting-files.ts';

// PATCH fcra/record_and_process_acdvs: every answered ACDV not yet sent goes into one response file
// for the bureaus' dispute system (JSON, docs/acdv-import.md describes both directions) and is
// marked processed, with the delete adjustments its answer made (a resend one, answer 21 or 22,
// waits for the correction file that tells every bureau). Rows are taken FOR UPDATE SKIP
// LOCKED, so two employees pressing at once never put one answer in two files.

export const ACDV_RESPONSE_FORMAT = 'portal-acdv-response-v1';

export async function recordAndProcessAcdvs(context: CreditReportingDeps, caller: Actor): Promise<RecordAcdvsResponse> {
  const now = context.clock.now();
  const today = businessToday(context.clock, context.businessTimeZone);
  return context.db.transaction(async (tx) => {
    const answered = await tx
      .select()
      .from(acdvRequests)
      .where(and(isNotNull(acdvRequests.respondedAt), isNull(acdvRequests.processedAt)))
      .orderBy(asc(acdvRequests.respondedAt), asc(acdvRequests.id))
      .for('update', { skipLocked: true });
    if (answered.length === 0)
      return { message: 'No answered ACDV requests are waiting to be recorded.', processed: 0, file: null };

    const document = {
      format: ACDV_RESPONSE_FORMAT,
      furnisher: LENDER_NAME,
      created_at: now.toISOString(),
      responses: answered.map((request) => ({
        control_number: request.controlNumber,
        dispute_code: request.disputeCode,
        response_code: request.responseCode,
        response_meaning: ACDV_RESPONSE_CODE_OPTIONS.find((option) => option.code === request.responseCode)?.meaning,
        responded_at: request.respondedAt!.toISOString(),
        field_verification: request.responseVerification,
        // The account as the Portal reported it when answering; null when no loan matched.
        account: request.respondedAccount,
      })),
    };
    const fileName = await nextFileName(tx, 'acdv-responses', today, 'json');
    const file = await saveReportingFile(context, tx, caller, {
      kind: 'acdv_response',
      fileName,
      content: Buffer.from(`${JSON.stringify(document, null, 2)}\n`),
      recordCount: answered.length,
      now,
    });
    const ids = answered.map((request) => request.id);
    await tx
      .update(acdvRequests)
      .set({ processedAt: now, responseFileId: file.id })
      .where(inArray(acdvRequests.id, ids));
    await tx
      .update(creditReportAdjustments)
      .set({ processedAt: now })
      .where(
        and(
          inArray(creditReportAdjustments.acdvRequestId, ids),
          eq(creditReportAdjustments.genAdjFile, false),
          isNull(creditReportAdjustments.processedAt),
        ),
      );
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'acdv_request.processed',
      entityType: 'credit_reporting_file',
      entityId: file.id,
      after: { control_numbers: answered.map((request) => request.controlNumber), file_name: fileName },
      ipAddress: caller.ipAddress,
    });
    const n = answered.length;
    return {
      message: `Recorded ${n} ACDV ${n === 1 ? 'response' : 'responses'} in ${fileName}; ${n === 1 ? 'it is' : 'they are'} marked processed.`,
      processed: n,
      file,
    };
  });
}
