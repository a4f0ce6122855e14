import { useTicketStateMutation } from './ticket-state-mutation.ts';

// PATCH deescalate_ticket {id}: the ticket goes back to the queue.
export function useDeescalateTicket() {
  return useTicketStateMutation({ path: 'deescalate_ticket', method: 'PATCH', leavesQueue: false });
}
