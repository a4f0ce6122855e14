import {
  TICKET_LIST_PAGE_SIZE,
  type TicketListKind,
  type TicketListResponse,
  type TicketSummary,
} from '@portal/contracts';
import type { Database } from '@portal/db';
import { pageWindow, pagination, type ListSource } from '../../platform/list-source.ts';
import { countTicketList, findTicketListPage, type TicketListFilters } from './list-repository.ts';
import { toTicketSummary } from './wire.ts';

// The archived or escalated tickets, read by their screens' calls below and by the lists' CSV
// exports (issue 40) through the same queries.
export function ticketList(kind: TicketListKind): ListSource<TicketListFilters, TicketSummary> {
  return {
    count: (executor, filters) => countTicketList(executor, kind, filters),
    rows: async (executor, filters, window) =>
      (await findTicketListPage(executor, kind, filters, window)).map(toTicketSummary),
  };
}

// GET tickets/archived and GET tickets/escalated {q, channel, sort, page}: a page of the list,
// newest first unless sorted otherwise, TICKET_LIST_PAGE_SIZE a page. Neither needs the caller
// online, unlike GET tickets.
export async function listTickets(
  db: Database,
  kind: TicketListKind,
  view: TicketListFilters & { page: number },
): Promise<TicketListResponse> {
  const { page, ...filters } = view;
  const list = ticketList(kind);
  const [total, rows] = await Promise.all([
    list.count(db, filters),
    list.rows(db, filters, pageWindow(page, TICKET_LIST_PAGE_SIZE)),
  ]);
  return { tickets: rows, pagination: pagination(page, TICKET_LIST_PAGE_SIZE, total) };
}
