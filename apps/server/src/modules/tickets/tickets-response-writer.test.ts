import { describe, expect, it } from 'vitest';
import { ticketsResponseSchema, type TicketsResponse, type TicketSummary } from '@portal/contracts';
import { createTicketsResponseWriter } from './tickets-response-writer.ts';

const summary = (id: number, extra: Partial<TicketSummary> = {}): TicketSummary => ({
  id,
  user_id: id * 10,
  name: `Customer "${id}"`,
  channel: 'text',
  contact: '5550100',
  subject: null,
  preview: 'Can I change my payment date?\nThanks',
  created_at: '2026-11-20T10:00:00.000Z',
  archived: null,
  escalated: null,
  last_escalated_by: null,
  snooze: null,
  sla: null,
  ...extra,
});

const response = (archived: TicketSummary[], escalated: TicketSummary[]): TicketsResponse => ({
  employeeTicketCount: 2,
  totalTicketCount: 40,
  unpaidDueTomorrow: 3,
  unpaidDueDayAfterTomorrow: 4,
  createdOver24h: 10,
  createdUnder24h: 30,
  openTickets: [summary(1)],
  archivedTickets: archived,
  escalatedTickets: escalated,
  closedTickets: [9, 8],
});

describe('the GET tickets body writer', () => {
  it('writes the contract exactly, dropping fields the contract does not name', () => {
    const write = createTicketsResponseWriter();
    const withExtra = {
      ...summary(2, { archived: '2026-11-20T11:00:00.000Z' }),
      customerSsn: '123456789',
    } as TicketSummary;
    const body = response(
      [withExtra],
      [summary(3, { escalated: '2026-11-20T12:00:00.000Z', last_escalated_by: 'Ann' })],
    );
    const parsed = JSON.parse(write(body).toString('utf8'));
    expect(parsed).toEqual(ticketsResponseSchema.parse(body));
    expect(JSON.stringify(parsed)).not.toContain('customerSsn');
  });

  it('reuses a shared list written before and writes a new list afresh', () => {
    const write = createTicketsResponseWriter();
    const archived = [summary(2)];
    const first = JSON.parse(write(response(archived, [])).toString('utf8'));
    // The same array again (the cached list): same bytes. A refreshed list (a new array): its own.
    expect(JSON.parse(write(response(archived, [])).toString('utf8'))).toEqual(first);
    const refreshed = JSON.parse(write(response([summary(5), summary(6)], [])).toString('utf8'));
    expect(refreshed.archivedTickets.map((ticket: TicketSummary) => ticket.id)).toEqual([5, 6]);
    expect(refreshed.escalatedTickets).toEqual([]);
  });
});
