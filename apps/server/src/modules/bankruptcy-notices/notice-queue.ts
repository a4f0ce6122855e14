import { sql } from 'drizzle-orm';
import { NOTICE_MESSAGES } from '@portal/contracts';
import { bankruptcyNotices } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';

// The notice queue: unprocessed notices, oldest first, to anyone signed in (not only the ticket
// workspace's online staff). A lease lasts BACK_OFFICE_LEASE_MINUTES, the screen's inactivity
// timeout, so a notice left open goes back by itself. Not registered with employeeOffline: going
// offline in the ticket workspace says nothing about the notice open in another tab.
export const noticeQueue = createWorkQueue({
  name: 'bankruptcy_notices',
  table: bankruptcyNotices,
  columns: {
    id: bankruptcyNotices.id,
    assignedTo: bankruptcyNotices.assignedTo,
    leaseExpiresAt: bankruptcyNotices.leaseExpiresAt,
  },
  // Written out (not as parameters) so the planner matches the partial index bankruptcy_notices_unprocessed_idx.
  inQueue: sql`${bankruptcyNotices.processedAt} is null`,
  order: sql`${bankruptcyNotices.createdAt}, ${bankruptcyNotices.id}`,
  enteredAt: bankruptcyNotices.createdAt,
  heldByOther: () => NOTICE_MESSAGES.heldByOther,
  requireOnline: false,
});
