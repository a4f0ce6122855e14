import type { TicketsDeps } from './deps.ts';
import { createExpiringValue } from '../../platform/expiring-value.ts';
import { createQueueService, type SharedViews } from './queue-service.ts';
import { createReplyService } from './reply-service.ts';
import { createSnoozeService } from './snooze-service.ts';
import { createTicketStateService } from './state-service.ts';
import { ticketQueue } from './ticket-queue.ts';
import { createTicketViewService } from './ticket-view-service.ts';

// The dashboard's shared parts (queue counts, archived and escalated lists) are the same for every
// employee and are read on every poll, so each API process keeps them this long and then refreshes
// them in the background; a change made through this process drops them at once, and so does any
// other process's (or script's), told by the database on the live channel (decision 063). While that
// notice cannot arrive (its connection is down), others' changes show within this time.
export const SHARED_VIEWS_TTL_MS = 5_000;
// Unpaid payments due tomorrow and the day after change with the payment runs, not with each
// ticket, and counting them reads thousands of payments: refreshed once a minute.
export const UNPAID_DUE_TTL_MS = 60_000;

export function createTicketService(context: TicketsDeps) {
  // Going offline and signing out hand the employee's tickets back to the queue.
  context.employeeOffline.register(ticketQueue);
  const shared: SharedViews = {
    queueCounts: createExpiringValue(SHARED_VIEWS_TTL_MS, context.clock),
    unpaidDue: createExpiringValue(UNPAID_DUE_TTL_MS, context.clock),
    archived: createExpiringValue(SHARED_VIEWS_TTL_MS, context.clock),
    escalated: createExpiringValue(SHARED_VIEWS_TTL_MS, context.clock),
  };
  const refreshShared = () => {
    shared.queueCounts.clear();
    shared.archived.clear();
    shared.escalated.clear();
  };
  const snooze = createSnoozeService(context, refreshShared);
  return {
    ...createQueueService(context, shared, snooze.returnDueSnoozes),
    snoozeTicket: snooze.snoozeTicket,
    unsnoozeTicket: snooze.unsnoozeTicket,
    ...createTicketViewService(context),
    ...createTicketStateService(context, refreshShared),
    ...createReplyService(context, refreshShared),
    // Another process changed the queue (the live stream's notice, decision 063): the next read is fresh.
    forgetSharedViews: refreshShared,
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
