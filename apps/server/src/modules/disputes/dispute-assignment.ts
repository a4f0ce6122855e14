import {
  BACK_OFFICE_LEASE_MINUTES,
  dateInTimeZone,
  DISPUTE_MESSAGES,
  type AssignDisputeResponse,
  type Dispute,
} from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { DisputesDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { disputeQueue } from './dispute-queue.ts';
import { isHeldBy, liveHolder, toWireDispute } from './dispute-wire.ts';
import { DISPUTE_ERRORS } from './messages.ts';
import { findDisputeDocument, findDisputeView, lockDispute, updateDispute } from './repository.ts';

// Taking, giving back and opening a dispute. A lease lasts BACK_OFFICE_LEASE_MINUTES from the
// holder's last sign of work (opening it, saving, the screen's activity pings through
// assign_dispute), so a dispute left open in a forgotten tab goes back to the queue by itself.

const NEXT_ATTEMPTS = 3;

type LeaseAudit = { assignedTo: number | null; leaseExpiresAt: string | null };

async function auditLease(
  tx: Executor,
  actor: Actor,
  action: 'dispute.assigned' | 'dispute.unassigned',
  disputeId: number,
  before: LeaseAudit | null,
  after: LeaseAudit,
): Promise<void> {
  await recordAuditEvent(tx, {
    employeeId: actor.employeeId,
    action,
    entityType: 'dispute',
    entityId: disputeId,
    before,
    after,
    ipAddress: actor.ipAddress,
  });
}

// PATCH assign_dispute. With an id: that dispute, unless someone else holds it; the caller's own
// lease is renewed (the screen calls this while its employee works). Without: the next free
// unresolved dispute, the oldest due date first; SKIP LOCKED hands each to one employee only.
export async function assignDispute(
  context: DisputesDeps,
  actor: Actor,
  id: number | undefined,
): Promise<AssignDisputeResponse> {
  const now = context.clock.now();
  const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
  const lease = { assignedTo: actor.employeeId, leaseExpiresAt: until.toISOString() };
  const disputeId = await context.db.transaction(async (tx) => {
    if (id === undefined) {
      // Under READ COMMITTED a row another caller took between our snapshot and our lock is
      // dropped, not replaced, so an empty answer in a race may be wrong: each new statement
      // sees what the others committed, and a second or third try finds what is still free.
      let taken: number | undefined;
      for (let attempt = 0; attempt < NEXT_ATTEMPTS && taken === undefined; attempt += 1)
        [taken] = await disputeQueue.leaseNext(tx, actor.employeeId, 1, now, until);
      if (taken === undefined) throw notFound(DISPUTE_MESSAGES.noneLeft);
      await auditLease(tx, actor, 'dispute.assigned', taken, null, lease);
      return taken;
    }
    const dispute = await lockDispute(tx, id);
    if (!dispute) throw notFound(DISPUTE_ERRORS.notFound(id));
    if (dispute.resolvedAt !== null) throw conflict(DISPUTE_ERRORS.alreadyResolved(id));
    await disputeQueue.assertNotHeldByOther(tx, dispute, actor.employeeId, now, null);
    const renewal = isHeldBy(dispute, actor.employeeId, now);
    await updateDispute(tx, id, { assignedTo: actor.employeeId, leaseExpiresAt: until });
    // A renewal is the same assignment going on: no new event.
    if (!renewal)
      await auditLease(
        tx,
        actor,
        'dispute.assigned',
        id,
        { assignedTo: dispute.assignedTo, leaseExpiresAt: dispute.leaseExpiresAt?.toISOString() ?? null },
        lease,
      );
    return id;
  });
  return { success: true, dispute_id: disputeId };
}

// PATCH unassign_dispute: the holder gives it back. Held by nobody (or a lease that ran out):
// nothing to do, and nothing is written.
export async function unassignDispute(context: DisputesDeps, actor: Actor, id: number): Promise<{ success: true }> {
  const now = context.clock.now();
  await context.db.transaction(async (tx) => {
    const dispute = await lockDispute(tx, id);
    if (!dispute) throw notFound(DISPUTE_ERRORS.notFound(id));
    const holder = liveHolder(dispute, now);
    if (holder === null) return;
    if (holder !== actor.employeeId) throw forbidden(DISPUTE_MESSAGES.heldByOther);
    await updateDispute(tx, id, { assignedTo: null, leaseExpiresAt: null });
    await auditLease(
      tx,
      actor,
      'dispute.unassigned',
      id,
      { assignedTo: dispute.assignedTo, leaseExpiresAt: dispute.leaseExpiresAt?.toISOString() ?? null },
      { assignedTo: null, leaseExpiresAt: null },
    );
  });
  return { success: true };
}

// GET dispute_details: the whole dispute. Its holder's lease is renewed once past half its life
// (the work queue's rule), so an employee working on it keeps it; nobody else's reading changes it.
export async function getDisputeDetails(
  context: DisputesDeps,
  actor: Actor,
  id: number,
): Promise<{ dispute: Dispute }> {
  const now = context.clock.now();
  const view = await findDisputeView(context.db, id);
  if (!view) throw notFound(DISPUTE_ERRORS.notFound(id));
  let { dispute } = view;
  if (isHeldBy(dispute, actor.employeeId, now)) {
    const until = leaseUntil(now, BACK_OFFICE_LEASE_MINUTES);
    if (dispute.leaseExpiresAt !== null && dispute.leaseExpiresAt < renewalThreshold(now, until)) {
      const renewed = await disputeQueue.renew(context.db, actor.employeeId, [id], until);
      if (renewed.length > 0) dispute = { ...dispute, leaseExpiresAt: until };
    }
  }
  return { dispute: toWireDispute(dispute, view.holderName, now, dateInTimeZone(now, context.businessTimeZone)) };
}

// GET disputes_dashboard/:id/document: the letter as it was uploaded.
export async function openDisputeDocument(
  context: DisputesDeps,
  id: number,
): Promise<{ fileName: string; content: Buffer }> {
  const document = await findDisputeDocument(context.db, id);
  if (!document) throw notFound(DISPUTE_ERRORS.notFound(id));
  const content = await context.storage.read(document.storageKey);
  if (!content) throw notFound(DISPUTE_ERRORS.documentMissing(id));
  return { fileName: document.fileName, content };
}
