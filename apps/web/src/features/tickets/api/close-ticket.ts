import { useTicketStateMutation, type TicketStateChange } from './ticket-state-mutation.ts';

// DELETE ticket {id}: closes it; it leaves the queue and joins my closed list.
export function useCloseTicket(onDone?: (change: TicketStateChange) => void) {
  return useTicketStateMutation({ path: 'ticket', method: 'DELETE', leavesQueue: true, onDone });
}
