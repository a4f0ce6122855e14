import { useTicketStateMutation, type TicketStateChange } from './ticket-state-mutation.ts';

// PATCH escalate_ticket {id}: hands the ticket to the escalations list.
export function useEscalateTicket(onDone?: (change: TicketStateChange) => void) {
  return useTicketStateMutation({ path: 'escalate_ticket', method: 'PATCH', leavesQueue: true, onDone });
}
