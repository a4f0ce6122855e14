import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketCalls, type TicketsResponse, type TicketStateResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { recordTicketError } from '../ticket-errors.ts';
import { ticketKeys } from './query-keys.ts';

// The calls that move a ticket (close, archive, escalate and back) share one answer shape.
export type TicketStateCall =
  | typeof ticketCalls.closeTicket
  | typeof ticketCalls.archiveTicket
  | typeof ticketCalls.unarchiveTicket
  | typeof ticketCalls.escalateTicket
  | typeof ticketCalls.deescalateTicket;

// DELETE ticket takes the id in the query (as the spec's client sends it), the others in the body.
export function changeTicketState(call: TicketStateCall, id: number): Promise<TicketStateResponse> {
  return call.method === 'DELETE' ? callApi(call, { query: { id } }) : callApi(call, { body: { id } });
}

// Takes the ticket out of my open list right away (the next ticket shows at once); the closed list
// gains it when it was closed, so it is never picked again before the next poll.
export function removeFromQueue(
  queue: TicketsResponse | undefined,
  id: number,
  closed: boolean,
): TicketsResponse | undefined {
  if (!queue) return queue;
  return {
    ...queue,
    openTickets: queue.openTickets.filter((entry) => entry.id !== id),
    closedTickets: closed && !queue.closedTickets.includes(id) ? [id, ...queue.closedTickets] : queue.closedTickets,
  };
}

type Options = {
  call: TicketStateCall;
  // Whether the ticket leaves my open list (close, archive, escalate) or returns to the lists (un-*).
  leavesQueue: boolean;
  onDone?: (change: TicketStateResponse) => void;
};

export function useTicketStateMutation({ call, leavesQueue, onDone }: Options) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => changeTicketState(call, id),
    onSuccess: (change, id) => {
      if (leavesQueue) {
        // A poll already on its way would bring the ticket back: it is dropped, the next poll is fresh.
        void queryClient.cancelQueries({ queryKey: ticketKeys.queue() });
        queryClient.setQueryData<TicketsResponse>(ticketKeys.queue(), (queue) =>
          removeFromQueue(queue, id, change.state === 'closed'),
        );
      } else {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
      }
      onDone?.(change);
    },
    onError: (error, id) => recordTicketError(id, error),
  });
}
