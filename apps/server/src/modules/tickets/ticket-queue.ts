import { sql } from 'drizzle-orm';
import { tickets } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';
import { TICKET_ERRORS } from './messages.ts';

// The ticket queue: open tickets neither archived, escalated nor snoozed, oldest first (decisions 010, 064).
export const ticketQueue = createWorkQueue({
  name: 'tickets',
  table: tickets,
  columns: { id: tickets.id, assignedTo: tickets.assignedTo, leaseExpiresAt: tickets.leaseExpiresAt },
  // Written out (not as parameters) so the planner matches the partial index tickets_queue_idx.
  inQueue: sql`${tickets.state} = 'open' and ${tickets.archivedAt} is null and ${tickets.escalatedAt} is null and ${tickets.snoozedAt} is null`,
  // GET ticket works any open ticket, an archived or escalated one too.
  takeable: sql`${tickets.state} = 'open'`,
  order: sql`${tickets.createdAt}`,
  heldByOther: TICKET_ERRORS.beingWorked,
});
