import { useQueryClient } from '@tanstack/react-query';
import type { TicketsResponse } from '@portal/contracts';
import { ticketKeys } from '../api/query-keys.ts';
import { removeFromQueue } from '../api/ticket-state-mutation.ts';

// For calls of other features that end a ticket (send_reply closes it): the workspace takes it out of
// my open list at once and fetches the lists and counts again, as close/archive/escalate do.
export function useLeaveQueue(): (ticketId: number, closed: boolean) => void {
  const queryClient = useQueryClient();
  return (ticketId, closed) => {
    void queryClient.cancelQueries({ queryKey: ticketKeys.queue() });
    queryClient.setQueryData<TicketsResponse>(ticketKeys.queue(), (queue) => removeFromQueue(queue, ticketId, closed));
    void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
  };
}
