import { sql } from 'drizzle-orm';
import { tickets } from '@portal/db';
import { createWorkQueue } from '../../platform/work-queue.ts';
import { TICKET_ERRORS } from './messages.ts';

// The ticket queue: open tickets neither archived, escalated nor snoozed (decisions 010, 064), by time
// to breach of their reply-time clock, then oldest first; a ticket with no clock running (it waits on
// the customer) after every ticket with one (decision 066).
export const ticketQueue = createWorkQueue({
  name: 'tickets',
  table: tickets,
  columns: { id: tickets.id, assignedTo: tickets.assignedTo, leaseExpiresAt: tickets.leaseExpiresAt },
  // Written out (not as parameters) so the planner matches the partial index tickets_queue_idx.
  inQueue: sql`${tickets.state} = 'open' and ${tickets.archivedAt} is null and ${tickets.escalatedAt} is null and ${tickets.snoozedAt} is null`,
  // GET ticket works any open ticket, an archived or escalated one too.
  takeable: sql`${tickets.state} = 'open'`,
  // Written as tickets_queue_idx's expression, so the queue is read in index order.
  order: sql`coalesce(${tickets.slaDueAt}, 'infinity'::timestamptz), ${tickets.createdAt}`,
  enteredAt: tickets.createdAt,
  heldByOther: TICKET_ERRORS.beingWorked,
});
