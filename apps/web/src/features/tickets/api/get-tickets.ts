import { queryOptions, useQuery } from '@tanstack/react-query';
import { INITIAL_TICKET_FETCH, ticketCalls, type TicketsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { ticketKeys } from './query-keys.ts';

export const QUEUE_POLL_MS = 30_000;

// GET tickets {num}: leases up to num open tickets to me (I must be online; 409 otherwise) and
// answers my lists and the queue statistics.
export function getTickets(num: number = INITIAL_TICKET_FETCH, signal?: AbortSignal): Promise<TicketsResponse> {
  return callApi(ticketCalls.getTickets, { query: { num } }, { signal });
}

export function ticketQueueQueryOptions(online: boolean) {
  return queryOptions({
    queryKey: ticketKeys.queue(),
    queryFn: ({ signal }) => getTickets(INITIAL_TICKET_FETCH, signal),
    enabled: online,
    // The queue is polled while online; going offline disables the query, which stops the polling.
    refetchInterval: online ? QUEUE_POLL_MS : false,
    staleTime: 0,
  });
}

export function useTicketQueue(online: boolean) {
  return useQuery(ticketQueueQueryOptions(online));
}
