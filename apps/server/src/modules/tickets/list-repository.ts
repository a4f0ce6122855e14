import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  readSort,
  type ArchivedTicketsFilters,
  type EscalatedTicketsFilters,
  type TicketListKind,
} from '@portal/contracts';
import { tickets, type Executor } from '@portal/db';
import type { ListWindow } from '../../platform/list-source.ts';
import { selectSummaries } from './repository.ts';
import type { SummaryRow } from './wire.ts';

// The archived and escalated lists as pages (issue 40): the open tickets set aside either way, over
// their partial indexes (tickets_archived_idx, tickets_escalated_idx), narrowed by the channel and
// by text in the contact or subject (or the ticket's number). GET tickets' newest 100 of each stay
// repository.ts's.

export type TicketListFilters = ArchivedTicketsFilters | EscalatedTicketsFilters;

function ticketListWhere(kind: TicketListKind, filters: TicketListFilters): SQL | undefined {
  const pattern = `%${filters.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const number = /^#?\d{1,15}$/.test(filters.q) ? Number(filters.q.replace('#', '')) : null;
  return and(
    sql`${tickets.state} = 'open'`,
    isNotNull(kind === 'archived' ? tickets.archivedAt : tickets.escalatedAt),
    filters.channel === 'all' ? undefined : eq(tickets.channel, filters.channel),
    filters.q === ''
      ? undefined
      : or(
          ilike(tickets.contact, pattern),
          ilike(tickets.subject, pattern),
          number === null ? undefined : eq(tickets.id, number),
        ),
  );
}

const sortColumns = {
  archived_at: tickets.archivedAt,
  escalated_at: tickets.escalatedAt,
  created_at: tickets.createdAt,
  id: tickets.id,
} as const;

function ticketListOrder(sort: TicketListFilters['sort']): SQL[] {
  const { column, descending } = readSort<keyof typeof sortColumns>(sort);
  const way = descending ? desc : asc;
  return column === 'id' ? [way(tickets.id)] : [way(sortColumns[column]), way(tickets.id)];
}

export async function countTicketList(
  executor: Executor,
  kind: TicketListKind,
  filters: TicketListFilters,
): Promise<number> {
  const [row] = await executor.select({ total: count() }).from(tickets).where(ticketListWhere(kind, filters));
  return row?.total ?? 0;
}

export async function findTicketListPage(
  executor: Executor,
  kind: TicketListKind,
  filters: TicketListFilters,
  window: ListWindow,
): Promise<SummaryRow[]> {
  return selectSummaries(executor)
    .where(ticketListWhere(kind, filters))
    .orderBy(...ticketListOrder(filters.sort))
    .limit(window.limit)
    .offset(window.offset);
}
