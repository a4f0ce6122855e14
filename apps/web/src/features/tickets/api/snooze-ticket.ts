import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ticketCalls,
  type SnoozeTicketRequest,
  type SnoozeTicketResponse,
  type TicketsResponse,
} from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { recordTicketError } from '../ticket-errors.ts';
import { ticketKeys } from './query-keys.ts';
import { removeFromQueue } from './ticket-state-mutation.ts';

// PATCH snooze_ticket {id, until}: the ticket leaves my open list at once and the queue is fetched
// again, as archive does; it comes back at its time or on the customer's reply (decision 064).
export function snoozeTicket(request: SnoozeTicketRequest): Promise<SnoozeTicketResponse> {
  return callApi(ticketCalls.snoozeTicket, { body: request });
}

export function useSnoozeTicket(onDone?: (change: SnoozeTicketResponse) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: snoozeTicket,
    onSuccess: (change) => {
      void queryClient.cancelQueries({ queryKey: ticketKeys.queue() });
      queryClient.setQueryData<TicketsResponse>(ticketKeys.queue(), (queue) =>
        removeFromQueue(queue, change.id, false),
      );
      void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
      onDone?.(change);
    },
    onError: (error, request) => recordTicketError(request.id, error),
  });
}
