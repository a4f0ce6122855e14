import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketStateResponse, type TicketsResponse } from '@portal/contracts';
import { apiRequest, type HttpMethod } from '../../../lib/api-client.ts';
import { recordTicketError } from '../../../lib/ticket-errors.ts';
import { ticketKeys } from '../../../lib/query-keys.ts';

export type TicketStateChange = { id: number; state: 'open' | 'closed'; archived: string | null; escalated: string | null };

// The calls that move a ticket (close, archive, escalate and back) share one answer shape.
export function changeTicketState(path: string, method: HttpMethod, id: number): Promise<TicketStateChange> {
  return method === 'DELETE'
    ? apiRequest(path, { method, query: { id }, schema: ticketStateResponse })
    : apiRequest(path, { method, body: { id }, schema: ticketStateResponse });
}

// Takes the ticket out of my open list right away (the next ticket shows at once); the closed list
// gains it when it was closed, so it is never picked again before the next poll.
export function removeFromQueue(queue: TicketsResponse | undefined, id: number, closed: boolean): TicketsResponse | undefined {
  if (!queue) return queue;
  return {
    ...queue,
    openTickets: queue.openTickets.filter((entry) => entry.id !== id),
    closedTickets: closed && !queue.closedTickets.includes(id) ? [id, ...queue.closedTickets] : queue.closedTickets,
  };
}

type Options = {
  path: string;
  method: HttpMethod;
  // Whether the ticket leaves my open list (close, archive, escalate) or returns to the lists (un-*).
  leavesQueue: boolean;
  onDone?: (change: TicketStateChange) => void;
};

export function useTicketStateMutation({ path, method, leavesQueue, onDone }: Options) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => changeTicketState(path, method, id),
    onSuccess: (change, id) => {
      if (leavesQueue) {
        // A poll already on its way would bring the ticket back: it is dropped, the next poll is fresh.
        void queryClient.cancelQueries({ queryKey: ticketKeys.queue() });
        queryClient.setQueryData<TicketsResponse>(ticketKeys.queue(), (queue) => removeFromQueue(queue, id, change.state === 'closed'));
      } else {
        void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
      }
      onDone?.(change);
    },
    onError: (error, id) => recordTicketError(id, error),
  });
}
