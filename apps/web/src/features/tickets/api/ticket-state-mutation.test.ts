import { describe, expect, it } from 'vitest';
import { ticketSummaryFixture, ticketsResponseFixture } from '../../../test/ticket-fixtures.ts';
import { applyTicketMove, removeFromQueue } from './ticket-state-mutation.ts';

const now = Date.parse('2027-07-02T17:00:00Z');
const fresh = '2027-07-02T15:00:00Z';
const old = '2027-06-30T15:00:00Z';
const queue = ticketsResponseFixture({
  employeeTicketCount: 4,
  totalTicketCount: 37,
  createdOver24h: 6,
  createdUnder24h: 31,
  openTickets: [ticketSummaryFixture({ id: 39, created_at: fresh }), ticketSummaryFixture({ id: 40, created_at: old })],
  archivedTickets: [ticketSummaryFixture({ id: 7, archived: '2027-07-01T10:00:00Z' })],
});

describe('applyTicketMove', () => {
  it('puts an archived ticket in the archived list and out of the waiting count at once', () => {
    const archivedAt = '2027-07-02T16:59:00Z';
    const next = applyTicketMove(queue, { id: 39, state: 'open', archived: archivedAt, escalated: null }, now);
    expect(next?.openTickets.map((entry) => entry.id)).toEqual([40]);
    expect(next?.archivedTickets.map((entry) => [entry.id, entry.archived])).toEqual([
      [39, archivedAt],
      [7, '2027-07-01T10:00:00Z'],
    ]);
    expect(next).toMatchObject({
      employeeTicketCount: 4,
      totalTicketCount: 36,
      createdUnder24h: 30,
      createdOver24h: 6,
    });
  });

  it('counts a closed ticket as closed by me and no longer waiting', () => {
    const next = applyTicketMove(queue, { id: 40, state: 'closed', archived: null, escalated: null }, now);
    expect(next?.openTickets.map((entry) => entry.id)).toEqual([39]);
    expect(next?.closedTickets).toEqual([40]);
    expect(next).toMatchObject({
      employeeTicketCount: 5,
      totalTicketCount: 36,
      createdUnder24h: 31,
      createdOver24h: 5,
    });
    // A second answer for the same close changes nothing more.
    const again = applyTicketMove(next, { id: 40, state: 'closed', archived: null, escalated: null }, now);
    expect(again).toMatchObject({ employeeTicketCount: 5, closedTickets: [40] });
  });

  it('takes an unarchived ticket out of the archived list and back into the waiting count', () => {
    const next = applyTicketMove(queue, { id: 7, state: 'open', archived: null, escalated: null }, now);
    expect(next?.archivedTickets).toEqual([]);
    expect(next?.totalTicketCount).toBe(38);
  });

  it('puts an escalated ticket in the escalated list', () => {
    const escalatedAt = '2027-07-02T16:59:00Z';
    const next = applyTicketMove(queue, { id: 39, state: 'open', archived: null, escalated: escalatedAt }, now);
    expect(next?.escalatedTickets.map((entry) => entry.id)).toEqual([39]);
    expect(next?.totalTicketCount).toBe(36);
  });

  it('leaves the counts alone for a ticket not in my lists (the refetch brings them)', () => {
    const next = applyTicketMove(queue, { id: 555, state: 'closed', archived: null, escalated: null }, now);
    expect(next).toMatchObject({ employeeTicketCount: 5, totalTicketCount: 37, closedTickets: [555] });
  });

  it('removeFromQueue (a reply closed it) counts the close', () => {
    const next = removeFromQueue(queue, 39, true);
    expect(next).toMatchObject({ employeeTicketCount: 5, totalTicketCount: 36, closedTickets: [39] });
    expect(removeFromQueue(undefined, 39, true)).toBeUndefined();
  });
});
