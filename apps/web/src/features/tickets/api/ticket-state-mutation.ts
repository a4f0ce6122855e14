import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DAY_MS, ticketCalls, type TicketsResponse, type TicketStateResponse } from '@portal/contracts';
import { callApi } from '../../../lib/api-client.ts';
import { recordTicketError } from '../ticket-errors.ts';
import { ticketKeys } from './query-keys.ts';

// The calls that move a ticket (close, archive, escalate and back) share one answer shape.
export type TicketStateCall =
  | typeof ticketCalls.closeTicket
  | typeof ticketCalls.archiveTicket
  | typeof ticketCalls.unarchiveTicket
  | typeof ticketCalls.escalateTicket
  | typeof ticketCalls.deescalateTicket;

// DELETE ticket takes the id in the query (as the spec's client sends it), the others in the body.
export function changeTicketState(call: TicketStateCall, id: number): Promise<TicketStateResponse> {
  return call.method === 'DELETE' ? callApi(call, { query: { id } }) : callApi(call, { body: { id } });
}

type QueueEntry = TicketsResponse['openTickets'][number];

// Waiting in the queue (what totalTicketCount counts): open, neither archived nor escalated.
const waits = (ticket: Pick<TicketStateResponse, 'state' | 'archived' | 'escalated'>) =>
  ticket.state === 'open' && ticket.archived === null && ticket.escalated === null;

// My lists and counts as the move leaves them, at once, before the queue is fetched again: the ticket
// leaves my open list (the next ticket shows at once); a closed one joins my closed list and my
// count; an archived or escalated one joins that list, and leaves it when sent back; the waiting
// count follows. The refetch that follows brings the server's exact figures.
export function applyTicketMove(
  queue: TicketsResponse | undefined,
  change: TicketStateResponse,
  now: number = Date.now(),
): TicketsResponse | undefined {
  if (!queue) return queue;
  const { id } = change;
  const others = (list: readonly QueueEntry[]) => list.filter((entry) => entry.id !== id);
  const open = queue.openTickets.find((entry) => entry.id === id);
  const parked = [...queue.archivedTickets, ...queue.escalatedTickets].find((entry) => entry.id === id);
  const entry = open ?? parked;
  const moved = entry && { ...entry, archived: change.archived, escalated: change.escalated };
  const closedNow = change.state === 'closed' && !queue.closedTickets.includes(id);
  // Only a ticket seen in one of my lists is counted in or out; any other waits for the refetch.
  const wasWaiting = open !== undefined ? true : parked !== undefined ? false : null;
  const delta = wasWaiting === null || entry === undefined ? 0 : Number(waits(change)) - Number(wasWaiting);
  const old = entry !== undefined && now - Date.parse(entry.created_at) > DAY_MS;
  return {
    ...queue,
    openTickets: others(queue.openTickets),
    archivedTickets:
      change.state === 'open' && change.archived !== null && moved
        ? [moved, ...others(queue.archivedTickets)]
        : others(queue.archivedTickets),
    // Shown only to employees with tickets.view_escalated, who get the list from the server too.
    escalatedTickets:
      change.state === 'open' && change.escalated !== null && moved
        ? [moved, ...others(queue.escalatedTickets)]
        : others(queue.escalatedTickets),
    closedTickets: closedNow ? [id, ...queue.closedTickets] : queue.closedTickets,
    employeeTicketCount: queue.employeeTicketCount + (closedNow ? 1 : 0),
    totalTicketCount: Math.max(0, queue.totalTicketCount + delta),
    createdOver24h: Math.max(0, queue.createdOver24h + (old ? delta : 0)),
    createdUnder24h: Math.max(0, queue.createdUnder24h + (old ? 0 : delta)),
  };
}

// Takes the ticket out of my open list right away; the closed list gains it when it was closed, so
// it is never picked again before the queue is fetched again.
export function removeFromQueue(
  queue: TicketsResponse | undefined,
  id: number,
  closed: boolean,
): TicketsResponse | undefined {
  const entry = queue?.openTickets.find((ticket) => ticket.id === id);
  return applyTicketMove(queue, {
    id,
    state: closed ? 'closed' : 'open',
    archived: entry?.archived ?? null,
    escalated: entry?.escalated ?? null,
  });
}

type Options = {
  call: TicketStateCall;
  onDone?: (change: TicketStateResponse) => void;
};

export function useTicketStateMutation({ call, onDone }: Options) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => changeTicketState(call, id),
    onSuccess: (change) => {
      // A poll already on its way would bring the old lists back: it is dropped. The badges and lists
      // change at once, and the queue is fetched again right away for the server's figures, instead
      // of at the next poll up to 30 s later (an archived ticket must be in the list to unarchive it).
      void queryClient.cancelQueries({ queryKey: ticketKeys.queue() });
      queryClient.setQueryData<TicketsResponse>(ticketKeys.queue(), (queue) => applyTicketMove(queue, change));
      void queryClient.invalidateQueries({ queryKey: ticketKeys.queue() });
      onDone?.(change);
    },
    onError: (error, id) => recordTicketError(id, error),
  });
}
