import { BACK_OFFICE_LEASE_MINUTES, NOTICE_MESSAGES } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { BankruptcyNoticesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { NOTICE_ERRORS } from './messages.ts';
import { NOTICE_ENTITY } from './notice-audit.ts';
import { noticeQueue } from './notice-queue.ts';
import { findNotice, lockNotice, setNoticeLease } from './repository.ts';
import { hasLiveLease, isHeldBy } from './wire.ts';

// Taking and handing back notices (spec 001 section 4): get-next, opening one (which assigns it),
// and leaving it. A lease lasts BACK_OFFICE_LEASE_MINUTES; taking one is audited, renewing is not.

type AssignAnswer = { notice: { id: number } };

function recordLease(tx: Executor, caller: Actor, id: number, action: string, until: Date | null) {
  return recordAuditEvent(tx, {
    employeeId: caller.employeeId,
    action,
    entityType: NOTICE_ENTITY,
    entityId: id,
    after: { assigned_to: until ? caller.employeeId : null, lease_expires_at: until?.toISOString() ?? null },
    ipAddress: caller.ipAddress,
  });
}

// PATCH bankruptcy_notices/assign: the oldest free notice (FOR UPDATE SKIP LOCKED: two employees
// asking at once never get the same one).
export async function assignNextNotice(context: BankruptcyNoticesDeps, caller: Actor): Promise<AssignAnswer> {
  const now = context.clock.now();
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  return context.db.transaction(async (tx) => {
    const [id] = await noticeQueue.leaseNext(tx, caller.employeeId, 1, now, until);
    if (id === undefined) throw notFound(NOTICE_MESSAGES.noneLeft);
    await recordLease(tx, caller, id, 'bankruptcy_notice.assigned', until);
    return { notice: { id } };
  });
}

// PATCH bankruptcy_notices/:id/assign: opening a notice takes it, unless someone else holds it or
// it is processed; the caller's own lease is renewed once past half its life.
export async function assignNotice(context: BankruptcyNoticesDeps, caller: Actor, id: number): Promise<AssignAnswer> {
  const now = context.clock.now();
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  return context.db.transaction(async (tx) => {
    const notice = await lockNotice(tx, id);
    if (!notice) throw notFound(NOTICE_ERRORS.notFound);
    if (notice.processedAt) throw conflict(NOTICE_ERRORS.alreadyProcessed(id));
    // The sentence names nobody, so the holder's name is not looked up (null).
    await noticeQueue.assertNotHeldByOther(tx, notice, caller.employeeId, now, null);
    if (isHeldBy(notice, caller.employeeId, now)) {
      if (notice.leaseExpiresAt! < renewalThreshold(now, until)) await setNoticeLease(tx, id, caller.employeeId, until);
    } else {
      await setNoticeLease(tx, id, caller.employeeId, until);
      await recordLease(tx, caller, id, 'bankruptcy_notice.assigned', until);
    }
    return { notice: { id } };
  });
}

// PATCH bankruptcy_notices/:id/unassign: the holder hands the notice back (leaving the page, closing
// the tab). Held by nobody, there is nothing to do; held by someone else, it is not the caller's to give.
export async function unassignNotice(
  context: BankruptcyNoticesDeps,
  caller: Actor,
  id: number,
): Promise<{ success: boolean }> {
  const now = context.clock.now();
  // Read first without a lock: a tab closing on a notice nobody holds writes nothing.
  const read = await findNotice(context.db, id);
  if (!read) throw notFound(NOTICE_ERRORS.notFound);
  if (!isHeldBy(read, caller.employeeId, now)) {
    if (hasLiveLease(read, now)) throw forbidden(NOTICE_MESSAGES.heldByOther);
    return { success: true };
  }
  await context.db.transaction(async (tx) => {
    const notice = await lockNotice(tx, id);
    // Changed since the read (processed, or released and taken): answered as that is now.
    if (!notice || !isHeldBy(notice, caller.employeeId, now)) {
      if (notice && hasLiveLease(notice, now)) throw forbidden(NOTICE_MESSAGES.heldByOther);
      return;
    }
    await setNoticeLease(tx, id, null, null);
    await recordLease(tx, caller, id, 'bankruptcy_notice.unassigned', null);
  });
  return { success: true };
}
