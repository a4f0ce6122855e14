import { NOTICE_MESSAGES, noticeProblems, type ParsedData, type ProcessNoticeResponse } from '@portal/contracts';
import { consumerInformationIndicator, type BankruptcyEvent } from '@portal/contracts/metro2';
import type { Executor } from '@portal/db';
import type { BankruptcyNoticesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { unprocessable } from '../../platform/http-error.ts';
import { writeCustomerComment } from '../customers/index.ts';
import { lockHeldNotice } from './held-notice.ts';
import { NOTICE_ENTITY, noticeSnapshot } from './notice-audit.ts';
import { noticeSecretBox, parsedDataForRules } from './notice-ssn.ts';
import { recordCustomerBankruptcy } from './record-bankruptcy.ts';
import { findNoticeView, updateNotice, type NoticeRecord } from './repository.ts';
import { toWireNotice } from './wire.ts';

// POST bankruptcy_notices/:id/process_notice: the holder marks the notice processed, and what it
// says is applied to the matched customer in the same transaction: the case recorded with the
// Metro 2 consumer information indicator it implies, automatic debits stopped on the customer's
// open loans (the automatic stay forbids collecting), a note on the account. Without a matched
// customer the notice is processed and nothing is recorded on any account.

type Consequences = ProcessNoticeResponse['consequences'];

// The Metro 2 event of a notice: a discharge or dismissal ends the case; anything else (a filing, a
// conversion, a confirmed plan) reports the petition of the chapter the case is now under.
function bankruptcyEvent(type: string): BankruptcyEvent {
  if (type === 'BankruptcyNotice::Discharge') return 'discharge';
  if (type === 'BankruptcyNotice::Dismissal') return 'dismissal';
  return 'petition';
}

const DATE_WORDS = [
  ['filed', 'filed'],
  ['discharged', 'discharged'],
  ['dismissed', 'dismissed'],
  ['converted', 'converted'],
  ['plan_confirmed', 'plan confirmed'],
] as const;

// 'Bankruptcy notice #12 processed: chapter 7 case 24-10234 (CAN), filed 2024-03-04. Automatic
// debits stopped on loans #5, #9.'
export function processedComment(noticeId: number, fields: ParsedData, chapter: number, stoppedLoanIds: number[]) {
  const dates = DATE_WORDS.flatMap(([field, words]) => (fields[field] ? [`${words} ${fields[field]}`] : []));
  const court = fields.court_district ? ` (${fields.court_district})` : '';
  const head = `Bankruptcy notice #${noticeId} processed: chapter ${chapter} case ${fields.case_number}${court}${dates.length > 0 ? `, ${dates.join(', ')}` : ''}.`;
  const loans = stoppedLoanIds.map((id) => `#${id}`).join(', ');
  const debits =
    stoppedLoanIds.length === 0
      ? 'No open loan had automatic debits to stop.'
      : `Automatic debits stopped on ${stoppedLoanIds.length === 1 ? 'loan' : 'loans'} ${loans}.`;
  return `${head} ${debits}`;
}

async function applyToCustomer(
  tx: Executor,
  caller: Actor,
  notice: NoticeRecord,
  fields: ParsedData,
  customerId: number,
  now: Date,
): Promise<Consequences> {
  // noticeProblems has checked case_number and b_type (7 or 13).
  const chapter = Number(fields.b_type) as 7 | 13;
  const indicator = consumerInformationIndicator(bankruptcyEvent(notice.type), chapter).code;
  const { bankruptcy, stoppedLoanIds: stopped } = await recordCustomerBankruptcy(
    tx,
    caller,
    {
      customerId,
      caseNumber: fields.case_number!,
      chapter,
      courtDistrict: fields.court_district,
      filedOn: fields.filed,
      dischargedOn: fields.discharged,
      dismissedOn: fields.dismissed,
      convertedOn: fields.converted,
      planConfirmedOn: fields.plan_confirmed,
      consumerInformationIndicator: indicator,
      lastNoticeId: notice.id,
      now,
    },
    { reason: `Bankruptcy notice #${notice.id}`, context: { bankruptcy_notice_id: notice.id } },
  );
  const body = processedComment(notice.id, fields, chapter, stopped);
  await writeCustomerComment(tx, caller, {
    customerId,
    body,
    at: now,
    context: { customer_bankruptcy_id: bankruptcy.id, bankruptcy_notice_id: notice.id },
  });
  return { customer_id: customerId, consumer_information_indicator: indicator, auto_debit_stopped_loan_ids: stopped };
}

export async function processBankruptcyNotice(
  context: BankruptcyNoticesDeps,
  caller: Actor,
  id: number,
): Promise<ProcessNoticeResponse> {
  const now = context.clock.now();
  const box = noticeSecretBox(context);
  const consequences = await context.db.transaction(async (tx) => {
    const notice = await lockHeldNotice(tx, id, caller.employeeId, now);
    const fields = parsedDataForRules(box, id, notice.parsedData);
    const problems = noticeProblems(notice.type, fields);
    if (problems.length > 0) throw unprocessable(problems.map((problem) => problem.message));

    const after = await updateNotice(tx, id, {
      processedAt: now,
      processedBy: caller.employeeId,
      assignedTo: null,
      leaseExpiresAt: null,
      updatedAt: now,
    });
    const applied: Consequences =
      notice.customerId === null
        ? { customer_id: null, consumer_information_indicator: null, auto_debit_stopped_loan_ids: [] }
        : await applyToCustomer(tx, caller, notice, fields, notice.customerId, now);
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'bankruptcy_notice.processed',
      entityType: NOTICE_ENTITY,
      entityId: id,
      before: noticeSnapshot(notice, box),
      after: { ...noticeSnapshot(after, box), consequences: applied },
      ipAddress: caller.ipAddress,
    });
    return applied;
  });
  const view = await findNoticeView(context.db, id);
  if (!view) throw new Error(`processBankruptcyNotice: notice ${id} vanished`);
  return {
    message: NOTICE_MESSAGES.processed,
    notice: toWireNotice(view, { employeeId: caller.employeeId, box, now }),
    consequences,
  };
}
