import { DISPUTE_MESSAGES } from '@portal/contracts';
import type { Executor } from '@portal/db';
import type { Actor } from '../../platform/actor.ts';
import { conflict, forbidden, notFound } from '../../platform/http-error.ts';
import { liveHolder } from './dispute-wire.ts';
import { DISPUTE_ERRORS } from './messages.ts';
import { lockDispute, type DisputeRecord } from './repository.ts';

// Only the employee holding a live lease may change a dispute (spec 001 section 6). Locks the row
// for the rest of the transaction and answers it, or says why the caller may not change it: someone
// else holds it (403, the spec's sentence), the caller's lease is gone (409: it ran out, so the
// dispute went back to the queue and may since have been changed by someone else), or the caller
// never took it (409).
export async function lockHeldDispute(tx: Executor, id: number, actor: Actor, now: Date): Promise<DisputeRecord> {
  const dispute = await lockDispute(tx, id);
  if (!dispute) throw notFound(DISPUTE_ERRORS.notFound(id));
  if (dispute.resolvedAt !== null) throw conflict(DISPUTE_ERRORS.alreadyResolved(id));
  const holder = liveHolder(dispute, now);
  if (holder !== null && holder !== actor.employeeId) throw forbidden(DISPUTE_MESSAGES.heldByOther);
  // The caller's own lease ran out (nobody took the dispute since): the screen's inactivity timeout.
  if (holder === null && dispute.assignedTo === actor.employeeId) throw conflict(DISPUTE_ERRORS.leaseLost(id));
  if (holder === null) throw conflict(DISPUTE_ERRORS.notAssigned(id));
  return dispute;
}
