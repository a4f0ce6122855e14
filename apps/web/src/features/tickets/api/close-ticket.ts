import { ticketCalls, type TicketStateResponse } from '@portal/contracts';
import { useTicketStateMutation } from './ticket-state-mutation.ts';

// DELETE ticket {id}: closes it; it leaves the queue and joins my closed list.
export function useCloseTicket(onDone?: (change: TicketStateResponse) => void) {
  return useTicketStateMutation({ call: ticketCalls.closeTicket, onDone });
}
