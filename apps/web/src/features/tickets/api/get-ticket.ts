import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketCalls, type Ticket } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { useLivePollInterval } from '../../../lib/use-live.ts';
import { ticketKeys } from './query-keys.ts';

// GET ticket {id, preview}: without preview the ticket is leased to me (taken if free, 409 if another
// employee holds it); a preview only reads it.
export function getTicket(id: number, preview: boolean, signal?: AbortSignal): Promise<Ticket> {
  return callApi(ticketCalls.getTicket, { query: { id, preview } }, { signal });
}

export function ticketQueryOptions(id: number) {
  return queryOptions({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) => getTicket(id, false, signal),
    staleTime: 30_000,
  });
}

export function ticketPreviewQueryOptions(id: number) {
  return queryOptions({
    queryKey: ticketKeys.preview(id),
    queryFn: ({ signal }) => getTicket(id, true, signal),
    staleTime: 0,
  });
}

// The ticket on screen is refreshed like the queue, so a message the customer sends meanwhile shows up
// (and my lease on the ticket stays fresh).
export const OPEN_TICKET_POLL_MS = 30_000;

// While the live stream is up, the ticket is refetched when it changes instead (the ticket screen's
// ChangedBanner), and the queue's fetch keeps its lease.
export function useTicket(id: number | null) {
  const pollMs = useLivePollInterval(OPEN_TICKET_POLL_MS);
  return useQuery({ ...ticketQueryOptions(id ?? 0), enabled: id !== null, refetchInterval: pollMs });
}

export function useTicketPreview(id: number | null) {
  return useQuery({ ...ticketPreviewQueryOptions(id ?? 0), enabled: id !== null });
}
