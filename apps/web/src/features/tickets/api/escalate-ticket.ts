import { ticketCalls, type TicketStateResponse } from '@portal/contracts';
import { useTicketStateMutation } from './ticket-state-mutation.ts';

// PATCH escalate_ticket {id}: hands the ticket to the escalations list.
export function useEscalateTicket(onDone?: (change: TicketStateResponse) => void) {
  return useTicketStateMutation({ call: ticketCalls.escalateTicket, onDone });
}
