import { NOTICE_MESSAGES } from '@portal/contracts';
import type { Executor } from '@portal/db';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { NOTICE_ERRORS } from './messages.ts';
import { lockNotice, type NoticeRecord } from './repository.ts';
import { hasLiveLease, isHeldBy } from './wire.ts';

// Locks the notice for the rest of the transaction and checks that the caller may change it: only
// the employee holding a live lease edits or processes a notice (spec 001 section 6).
export async function lockHeldNotice(tx: Executor, id: number, employeeId: number, now: Date): Promise<NoticeRecord> {
  const notice = await lockNotice(tx, id);
  if (!notice) throw notFound(NOTICE_ERRORS.notFound);
  if (notice.processedAt) throw conflict(NOTICE_ERRORS.alreadyProcessed(id));
  if (isHeldBy(notice, employeeId, now)) return notice;
  if (hasLiveLease(notice, now)) throw forbidden(NOTICE_MESSAGES.heldByOther);
  // The caller's own lease ran out (nobody took the notice since): the screen's inactivity timeout.
  if (notice.assignedTo === employeeId) throw conflict(NOTICE_ERRORS.leaseGone(id));
  throw conflict(NOTICE_ERRORS.notAssigned(id));
}
