import {
  addDays,
  DAY_MS,
  dateInTimeZone,
  type TicketsResponse,
  type TicketStats,
  type TicketSummary,
} from '@portal/contracts';
import type { TicketsDeps } from './deps.ts';
import { startOfBusinessDay } from '../../platform/business-date.ts';
import type { ExpiringValue } from '../../platform/expiring-value.ts';
import { conflict } from '../../platform/http-error.ts';
import { leaseUntil, renewalThreshold } from '../../platform/work-queue.ts';
import { hasPermission, type Actor } from '../../platform/actor.ts';
import { countUnpaidDue } from '../loans/index.ts';
import { TICKET_ERRORS } from './messages.ts';
import * as repository from './repository.ts';
import { ticketQueue } from './ticket-queue.ts';
import { toTicketSummary, type SummaryRow } from './wire.ts';

export const LIST_LIMIT = 100;

export type GlobalStats = Omit<TicketStats, 'employeeTicketCount'>;

// What every employee's dashboard shows alike: kept per process for a few seconds (service.ts).
export type SharedViews = {
  queueCounts: ExpiringValue<repository.QueueCounts>;
  unpaidDue: ExpiringValue<{ first: number; second: number }>;
  archived: ExpiringValue<TicketSummary[]>;
  escalated: ExpiringValue<TicketSummary[]>;
};

export function createQueueService(
  context: TicketsDeps,
  shared: SharedViews,
  returnDueSnoozes: () => Promise<boolean>,
) {
  const { db, clock } = context;

  async function loadGlobalStats(now: Date, today: string): Promise<GlobalStats> {
    const [queue, unpaid] = await Promise.all([
      shared.queueCounts.get(today, () => repository.countQueue(db, new Date(now.getTime() - DAY_MS))),
      shared.unpaidDue.get(today, () => countUnpaidDue(db, addDays(today, 1), addDays(today, 2))),
    ]);
    return {
      totalTicketCount: queue.total,
      createdOver24h: queue.createdOver24h,
      createdUnder24h: queue.total - queue.createdOver24h,
      unpaidDueTomorrow: unpaid.first,
      unpaidDueDayAfterTomorrow: unpaid.second,
    };
  }

  const loadArchived = () =>
    shared.archived.get('all', async () =>
      (await repository.findArchivedSummaries(db, LIST_LIMIT)).map(toTicketSummary),
    );
  const loadEscalated = () =>
    shared.escalated.get('all', async () =>
      (await repository.findEscalatedSummaries(db, LIST_LIMIT)).map(toTicketSummary),
    );

  // GET tickets: renews the caller's leases, tops them up to `num` from the queue, and answers
  // the lists and counts of the dashboard. An employee polling with their tickets in hand costs
  // one prepared read; leases are written only when half used, or when tickets are handed out.
  async function listTickets(caller: Actor, num: number): Promise<TicketsResponse> {
    // Snoozes whose time has come go back to the queue first (decision 064), so the counts agree.
    await returnDueSnoozes();
    const now = clock.now();
    const until = leaseUntil(now, context.ticketLeaseMinutes);
    const today = dateInTimeZone(now, context.businessTimeZone);
    const [mine, archived, escalated, stats] = await Promise.all([
      repository.findHeldTickets(db, caller.employeeId, startOfBusinessDay(today, context.businessTimeZone)),
      loadArchived(),
      hasPermission(caller, 'tickets.view_escalated') ? loadEscalated() : [],
      loadGlobalStats(now, today),
    ]);
    if (!mine.online) throw conflict(TICKET_ERRORS.goOnline);

    const threshold = renewalThreshold(now, until);
    const due = mine.held.filter((ticket) => ticket.leaseExpiresAt === null || ticket.leaseExpiresAt < threshold);
    const renewed = new Set(
      await ticketQueue.renew(
        db,
        caller.employeeId,
        due.map((ticket) => ticket.id),
        until,
      ),
    );
    // A lease that ran out and was taken by someone else meanwhile is not renewed, and not shown.
    const kept = mine.held.filter((ticket) => !due.includes(ticket) || renewed.has(ticket.id));
    const taken = await ticketQueue.leaseNext(db, caller.employeeId, num - kept.length, now, until);
    // In the queue's order: time to breach, then age (decision 066).
    const dueTime = (ticket: SummaryRow) => ticket.slaDueAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const open = [...kept, ...(await repository.findSummariesByIds(db, taken))].sort(
      (a, b) => dueTime(a) - dueTime(b) || a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id,
    );
    return {
      ...stats,
      employeeTicketCount: mine.closed.length,
      openTickets: open.map(toTicketSummary),
      archivedTickets: archived,
      escalatedTickets: escalated,
      closedTickets: mine.closed,
    };
  }

  return { listTickets };
}
