import type { TicketsResponse } from '@portal/contracts';

// Refetch the queue once fewer than this many of my tickets are left.
export const QUEUE_REFILL_BELOW = 3;

// My open tickets not yet closed by me, in the server's order.
export function pendingTicketIds(queue: Pick<TicketsResponse, 'openTickets' | 'closedTickets'> | undefined): number[] {
  if (!queue) return [];
  const closed = new Set(queue.closedTickets);
  return queue.openTickets.map((entry) => entry.id).filter((id) => !closed.has(id));
}

// Skipped tickets (Alt+N / J) go to the back of the line, in the order they were skipped, so
// skipping through the whole list comes round to the first again.
export function orderWithSkips(pending: readonly number[], skipped: readonly number[]): number[] {
  const skippedSet = new Set(skipped);
  const pendingSet = new Set(pending);
  return [...pending.filter((id) => !skippedSet.has(id)), ...skipped.filter((id) => pendingSet.has(id))];
}

export function skipTicket(skipped: readonly number[], id: number): number[] {
  return [...skipped.filter((entry) => entry !== id), id];
}

// ?ticket=123 (a deep link from elsewhere in the Portal).
export function linkedTicketId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
