import { sql } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '@portal/contracts';
import { disputes } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';

// The disputes queue: every unresolved dispute, the oldest due date first. A lease lasts
// BACK_OFFICE_LEASE_MINUTES and is the server's side of the screen's inactivity timeout: one that
// ran out is free (and shows as unresolved). Not registered with employeeOffline: going offline in
// the ticket workspace must not take a dispute from someone working it.
export const disputeQueue = createWorkQueue({
  name: 'disputes',
  table: disputes,
  columns: { id: disputes.id, assignedTo: disputes.assignedTo, leaseExpiresAt: disputes.leaseExpiresAt },
  // Written out (not as parameters) so the planner matches the partial index disputes_unresolved_idx.
  inQueue: sql`${disputes.resolvedAt} is null`,
  order: sql`${disputes.dueDate}, ${disputes.id}`,
  enteredAt: disputes.receivedAt,
  heldByOther: () => DISPUTE_MESSAGES.heldByOther,
  requireOnline: false,
});
