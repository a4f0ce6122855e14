import { useTicketStateMutation, type TicketStateChange } from './ticket-state-mutation.ts';

// PATCH archive_ticket {id}: parks the ticket in my archived list until it is unarchived.
export function useArchiveTicket(onDone?: (change: TicketStateChange) => void) {
  return useTicketStateMutation({ path: 'archive_ticket', method: 'PATCH', leavesQueue: true, onDone });
}
