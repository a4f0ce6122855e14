import { queryOptions, useQuery } from '@tanstack/react-query';
import { INITIAL_TICKET_FETCH, ticketCalls, type TicketsResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLiveConnected, useLiveRefetch } from '../../../lib/use-live.ts';
import { ticketKeys } from './query-keys.ts';

export const QUEUE_POLL_MS = 30_000;
// While the live stream says when the queue changes, the queue is still fetched this often: the
// fetch renews my tickets' leases (TICKET_LEASE_MINUTES, 15 by default, renewed past half).
export const QUEUE_LEASE_KEEPING_MS = 120_000;

// GET tickets {num}: leases up to num open tickets to me (I must be online; 409 otherwise) and
// answers my lists and the queue statistics.
export function getTickets(num: number = INITIAL_TICKET_FETCH, signal?: AbortSignal): Promise<TicketsResponse> {
  return callApi(ticketCalls.getTickets, { query: { num } }, { signal });
}

export function ticketQueueQueryOptions(online: boolean, live = false) {
  return queryOptions({
    queryKey: ticketKeys.queue(),
    queryFn: ({ signal }) => getTickets(INITIAL_TICKET_FETCH, signal),
    enabled: online,
    // The queue is polled while online (every 30 s without the live stream, which otherwise says
    // when it changed); going offline disables the query, which stops the polling.
    refetchInterval: online ? (live ? QUEUE_LEASE_KEEPING_MS : QUEUE_POLL_MS) : false,
    staleTime: 0,
  });
}

export function useTicketQueue(online: boolean) {
  const live = useLiveConnected();
  useLiveRefetch(online ? ['queue:tickets'] : [], [ticketKeys.queue()]);
  return useQuery(ticketQueueQueryOptions(online, live));
}
