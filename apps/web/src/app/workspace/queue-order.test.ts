import { describe, expect, it } from 'vitest';
import { ticketSummaryFixture, ticketsResponseFixture } from '../../test/ticket-fixtures.ts';
import { linkedTicketId, orderWithSkips, pendingTicketIds, skipTicket } from './queue-order.ts';

describe('queue order', () => {
  it('works my open tickets in order, leaving out the ones I closed', () => {
    const queue = ticketsResponseFixture({
      openTickets: [1, 2, 3].map((id) => ticketSummaryFixture({ id })),
      closedTickets: [2, 99],
    });
    expect(pendingTicketIds(queue)).toEqual([1, 3]);
    expect(pendingTicketIds(undefined)).toEqual([]);
  });

  it('puts skipped tickets at the back, and comes round again', () => {
    let skipped: number[] = [];
    const pending = [1, 2, 3];
    skipped = skipTicket(skipped, 1);
    expect(orderWithSkips(pending, skipped)).toEqual([2, 3, 1]);
    skipped = skipTicket(skipped, 2);
    skipped = skipTicket(skipped, 3);
    expect(orderWithSkips(pending, skipped)).toEqual([1, 2, 3]);
    skipped = skipTicket(skipped, 1);
    expect(orderWithSkips(pending, skipped)).toEqual([2, 3, 1]);
    // A skipped ticket that left the queue is forgotten.
    expect(orderWithSkips([2, 3], skipped)).toEqual([2, 3]);
  });

  it('reads a deep-linked ticket id', () => {
    expect(linkedTicketId('123')).toBe(123);
    expect(linkedTicketId(null)).toBeNull();
    expect(linkedTicketId('12a')).toBeNull();
    expect(linkedTicketId('0')).toBeNull();
  });
});
