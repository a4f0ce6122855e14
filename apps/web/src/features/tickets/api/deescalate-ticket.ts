import { ticketCalls } from '@portal/contracts';
import { useTicketStateMutation } from './ticket-state-mutation.ts';

// PATCH deescalate_ticket {id}: the ticket goes back to the queue.
export function useDeescalateTicket() {
  return useTicketStateMutation({ call: ticketCalls.deescalateTicket });
}
