import { BACK_OFFICE_LEASE_MINUTES, type BankruptcyNotice } from '@portal/contracts';
import type { BankruptcyNoticesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/http-error.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { NOTICE_ERRORS } from './messages.ts';
import { noticeQueue } from './notice-queue.ts';
import { noticeSecretBox } from './notice-ssn.ts';
import { findNoticeFile, findNoticeView } from './repository.ts';
import { isHeldBy, toWireNotice } from './wire.ts';

// GET bankruptcy_notices/:id: the notice with its matched customer. Reading it is activity: the
// holder's lease is pushed out once past half its life (so a poll writes nothing most of the time).
// It never takes a lease: opening assigns through PATCH :id/assign.
export async function getNotice(
  context: BankruptcyNoticesDeps,
  caller: Actor,
  id: number,
): Promise<{ notice: BankruptcyNotice }> {
  const now = context.clock.now();
  const view = await findNoticeView(context.db, id);
  if (!view) throw notFound(NOTICE_ERRORS.notFound);
  const { notice } = view;
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  if (
    !notice.processedAt &&
    isHeldBy(notice, caller.employeeId, now) &&
    notice.leaseExpiresAt! < renewalThreshold(now, until)
  ) {
    const renewed = await noticeQueue.renew(context.db, caller.employeeId, [id], until);
    if (renewed.length > 0) view.notice = { ...notice, leaseExpiresAt: until };
  }
  return {
    notice: toWireNotice(view, { employeeId: caller.employeeId, box: noticeSecretBox(context), now }),
  };
}

export type NoticeDocument = { content: Buffer; fileName: string };

// GET bankruptcy_notices/:id/document: the uploaded PDF.
export async function openNoticeDocument(context: BankruptcyNoticesDeps, id: number): Promise<NoticeDocument> {
  const file = await findNoticeFile(context.db, id);
  if (!file) throw notFound(NOTICE_ERRORS.notFound);
  const content = await context.storage.read(file.storageKey);
  if (!content) throw notFound(NOTICE_ERRORS.fileMissing(id));
  return { content, fileName: file.fileName };
}
