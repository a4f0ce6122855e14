import { ticketCalls, type TicketStateResponse } from '@portal/contracts';
import { useTicketStateMutation } from './ticket-state-mutation.ts';

// PATCH archive_ticket {id}: parks the ticket in my archived list until it is unarchived.
export function useArchiveTicket(onDone?: (change: TicketStateResponse) => void) {
  return useTicketStateMutation({ call: ticketCalls.archiveTicket, onDone });
}
