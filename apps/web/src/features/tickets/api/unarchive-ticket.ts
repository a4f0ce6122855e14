import { ticketCalls } from '@portal/contracts';
import { useTicketStateMutation } from './ticket-state-mutation.ts';

// PATCH unarchive_ticket {id}: the ticket goes back to the queue.
export function useUnarchiveTicket() {
  return useTicketStateMutation({ call: ticketCalls.unarchiveTicket });
}
