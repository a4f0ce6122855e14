import {
  BACK_OFFICE_LEASE_MINUTES,
  BANKRUPTCY_CHAPTERS,
  isValidDate,
  NOTICE_DATE_FIELDS,
  NOTICE_FIELD_LABELS,
  NOTICE_MESSAGES,
  ssnFieldDigits,
  type NoticeAnswer,
  type ParsedData,
  type updateNoticeBodySchema,
} from '@portal/contracts';
import { findCourtDistrict } from '@portal/contracts/court-districts';
import type { z } from 'zod';
import type { BankruptcyNoticesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { HttpError } from '../../platform/http-error.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { leaseUntil } from '../../platform/work-queue.ts';
import { customerExists } from '../customers/index.ts';
import { lockHeldNotice } from './held-notice.ts';
import { NOTICE_ERRORS } from './messages.ts';
import { NOTICE_ENTITY, noticeSnapshot } from './notice-audit.ts';
import {
  noticeSecretBox,
  requireSecretBox,
  sealNoticeSsn,
  SSN_FIELDS,
  storedMask,
  type StoredParsedData,
} from './notice-ssn.ts';
import { findNoticeView, updateNotice, type NoticeRecord } from './repository.ts';
import { toWireNotice } from './wire.ts';

// PATCH bankruptcy_notices/:id {notice: {parsed_data, type, user_id?}}: the holder's corrections.
// An incomplete notice may be saved (the screen warns while editing; processing refuses it), but a
// malformed value may not: each is named in a 422 and nothing is written.

export type UpdateNoticeInput = z.output<typeof updateNoticeBodySchema>['notice'];

// The values as they will be stored, or the sentences that say why not.
function checkFields(parsed: ParsedData): { fields: ParsedData; problems: string[] } {
  const fields = { ...parsed };
  const problems: string[] = [];
  if (fields.court_district !== null) {
    const code = fields.court_district.toUpperCase();
    if (findCourtDistrict(code)) fields.court_district = code;
    else problems.push(`Court district ${fields.court_district} is not a bankruptcy court's code (such as CAN).`);
  }
  if (fields.b_type !== null && !(BANKRUPTCY_CHAPTERS as readonly string[]).includes(fields.b_type))
    problems.push('Bankruptcy type must be 7 or 13.');
  for (const field of NOTICE_DATE_FIELDS) {
    const value = fields[field];
    if (value !== null && !isValidDate(value))
      problems.push(`${NOTICE_FIELD_LABELS[field]} must be a real date (YYYY-MM-DD).`);
  }
  return { fields, problems };
}

// Each SSN to store: sent back as the mask it was shown, the stored number stays; otherwise four
// digits are kept as they are and nine are sealed.
function resolveSsns(
  context: BankruptcyNoticesDeps,
  box: SecretBox | null,
  notice: NoticeRecord,
  fields: ParsedData,
  problems: string[],
): StoredParsedData {
  const stored: StoredParsedData = { ...fields };
  for (const field of SSN_FIELDS) {
    const sent = fields[field];
    const before = notice.parsedData[field] ?? null;
    if (sent === null) continue;
    if (sent === storedMask(box, notice.id, field, before)) {
      stored[field] = before;
      continue;
    }
    const digits = ssnFieldDigits(sent);
    if (digits.length === 4) stored[field] = digits;
    else if (digits.length === 9) stored[field] = sealNoticeSsn(requireSecretBox(context), notice.id, field, digits);
    else problems.push(`${NOTICE_FIELD_LABELS[field]}: ${NOTICE_MESSAGES.ssnLength}`);
  }
  return stored;
}

export async function updateBankruptcyNotice(
  context: BankruptcyNoticesDeps,
  caller: Actor,
  id: number,
  input: UpdateNoticeInput,
): Promise<NoticeAnswer> {
  const now = context.clock.now();
  const box = noticeSecretBox(context);
  await context.db.transaction(async (tx) => {
    const notice = await lockHeldNotice(tx, id, caller.employeeId, now);
    const { fields, problems } = checkFields(input.parsed_data);
    const parsedData = resolveSsns(context, box, notice, fields, problems);
    const userId = input.user_id;
    if (typeof userId === 'number' && !(await customerExists(tx, userId, 'key share')))
      problems.push(NOTICE_ERRORS.userNotFound(userId));
    if (problems.length > 0) throw new HttpError(422, problems);

    // user_id: a customer staff chose; null clears the match; absent keeps it.
    const customer =
      userId === undefined ? {} : { customerId: userId, customerMatch: userId === null ? null : ('staff' as const) };
    const after = await updateNotice(tx, id, {
      parsedData,
      type: input.type,
      ...customer,
      // Saving is activity: the lease runs from now, as the screen's inactivity timer does.
      leaseExpiresAt: leaseUntil(now, BACK_OFFICE_LEASE_MINUTES),
      updatedAt: now,
    });
    await recordAuditEvent(tx, {
      employeeId: caller.employeeId,
      action: 'bankruptcy_notice.updated',
      entityType: NOTICE_ENTITY,
      entityId: id,
      before: noticeSnapshot(notice, box),
      after: noticeSnapshot(after, box),
      ipAddress: caller.ipAddress,
    });
  });
  const view = await findNoticeView(context.db, id);
  if (!view) throw new Error(`updateBankruptcyNotice: notice ${id} vanished`);
  return {
    message: NOTICE_MESSAGES.updated,
    notice: toWireNotice(view, { employeeId: caller.employeeId, box, now }),
  };
}
