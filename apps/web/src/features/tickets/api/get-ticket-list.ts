import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ticketCalls,
  type ArchivedTicketsView,
  type EscalatedTicketsView,
  type TicketListResponse,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLiveRefetch } from '../../../lib/use-live.ts';
import { ticketKeys } from './query-keys.ts';

export type TicketListView =
  | { kind: 'archived'; view: ArchivedTicketsView }
  | { kind: 'escalated'; view: EscalatedTicketsView };

// GET tickets/archived or tickets/escalated {q, channel, sort, page}: a page of the list (issue 40).
export function getTicketList(list: TicketListView, signal?: AbortSignal): Promise<TicketListResponse> {
  return list.kind === 'archived'
    ? callApi(ticketCalls.archivedTickets, { query: list.view }, { signal })
    : callApi(ticketCalls.escalatedTickets, { query: list.view }, { signal });
}

export function ticketListQueryOptions(list: TicketListView) {
  return queryOptions({
    queryKey: ticketKeys.list(list.kind, list.view),
    queryFn: ({ signal }) => getTicketList(list, signal),
    // Others archive and send back tickets all day: read again when the window regains focus.
    refetchOnWindowFocus: true,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

// Refetched when the queue changes (the live stream, decision 063).
export function useTicketList(list: TicketListView) {
  useLiveRefetch(['queue:tickets'], [['tickets', 'list', list.kind]]);
  return useQuery(ticketListQueryOptions(list));
}
