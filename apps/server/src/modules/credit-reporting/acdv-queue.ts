import { sql } from 'drizzle-orm';
import { acdvRequests } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';

// The ACDV queue: unanswered requests, the earliest response due first (so overdue ones come
// first), to anyone signed in. A lease lasts BACK_OFFICE_LEASE_MINUTES, like the other back-office
// queues; a skipped request goes back to the queue for the others.
export const acdvQueue = createWorkQueue({
  name: 'acdv_requests',
  table: acdvRequests,
  columns: { id: acdvRequests.id, assignedTo: acdvRequests.assignedTo, leaseExpiresAt: acdvRequests.leaseExpiresAt },
  // Written out so the planner matches acdv_requests_free_idx and acdv_requests_lease_idx.
  inQueue: sql`${acdvRequests.respondedAt} is null`,
  order: sql`${acdvRequests.responseDueOn}, ${acdvRequests.id}`,
  enteredAt: acdvRequests.createdAt,
  heldByOther: (_id, holder) => `This ACDV request is being answered by ${holder}.`,
  requireOnline: false,
});
