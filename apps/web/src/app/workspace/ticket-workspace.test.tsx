import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketsResponse } from '@portal/contracts';
import { saveSession } from '../../lib/session.ts';
import { answerApiCalls, apiCallsSettled, type ApiAnswers, type SentCall } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import {
  messageFixture,
  ticketFixture,
  ticketSummaryFixture,
  ticketsResponseFixture,
  SEND_NOW_VERDICT_ANSWER,
} from '../../test/ticket-fixtures.ts';
import { TicketWorkspace } from './ticket-workspace.tsx';

// Answers the workspace's calls like the API would (the queue, a ticket by its id, the macros); a
// test answers more, or otherwise, with `answers`.
function answerWorkspaceCalls(queue: TicketsResponse | (() => TicketsResponse), answers: ApiAnswers = {}) {
  return answerApiCalls({
    'GET tickets': () => [200, typeof queue === 'function' ? queue() : queue],
    'GET ticket': ({ query }) => [200, ticketFixture({ id: Number(query.get('id')) })],
    'GET fetch_macros': [200, { macros: [], tree: [] }],
    'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
    // The ticket's internal notes (issue 40).
    'GET ticket_notes': [200, { notes: [], next_before: null }],
    ...answers,
  });
}

const calls = (sent: SentCall[], path: string) =>
  sent.map((call) => call.url).filter((url) => url.startsWith(`/internal/api/${path}`));

const twoTickets = ticketsResponseFixture({ openTickets: [101, 102].map((id) => ticketSummaryFixture({ id })) });

// DELETE ticket and PATCH archive_ticket answered as the server does, noting the ids in `closed`
// and `archived`.
function closeAndArchiveAnswers(closed: number[], archived: number[]): ApiAnswers {
  return {
    'DELETE ticket': ({ query }) => {
      const id = Number(query.get('id'));
      closed.push(id);
      return [200, { id, state: 'closed', archived: null, escalated: null }];
    },
    'PATCH archive_ticket': ({ body }) => {
      const { id } = body as { id: number };
      archived.push(id);
      return [200, { id, state: 'open', archived: new Date().toISOString(), escalated: null }];
    },
  };
}

describe('TicketWorkspace', () => {
  it('shows the first ticket of my queue, fetched with num=10, and J skips to the next', async () => {
    saveSession(sessionFixture({ online: true }));
    const sent = answerWorkspaceCalls(twoTickets);
    renderWithProviders(<TicketWorkspace />);

    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
    expect(calls(sent, 'tickets')[0]).toBe('/internal/api/tickets?num=10');
    expect(calls(sent, 'ticket?')).toContain('/internal/api/ticket?id=101&preview=false');

    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();
    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
  });

  it('leaves out the tickets I closed, and shows the calm empty state when none is left', async () => {
    saveSession(sessionFixture({ online: true }));
    answerWorkspaceCalls(
      ticketsResponseFixture({ openTickets: [ticketSummaryFixture({ id: 101 })], closedTickets: [101] }),
    );
    renderWithProviders(<TicketWorkspace />);
    expect(await screen.findByText('No tickets waiting. New messages will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Ticket #/ })).not.toBeInTheDocument();
  });

  it('loads nothing while offline', async () => {
    saveSession(sessionFixture({ online: false }));
    const sent = answerWorkspaceCalls(twoTickets);
    renderWithProviders(<TicketWorkspace />);
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    await act(async () => undefined);
    await apiCallsSettled();
    expect(calls(sent, 'tickets')).toEqual([]);
  });

  it('opens a deep-linked ticket by taking it, and shows the 409 of a ticket held by someone else', async () => {
    saveSession(sessionFixture({ online: true }));
    const sent = answerWorkspaceCalls(twoTickets, {
      'GET ticket': ({ query }) =>
        query.get('id') === '555'
          ? [409, { errors: ['Ticket #555 is being worked by Kevin Tran.'] }]
          : [200, ticketFixture({ id: Number(query.get('id')) })],
    });
    renderWithProviders(<TicketWorkspace />, { route: '/?ticket=555' });

    expect(await screen.findByText('Ticket #555 is being worked by Kevin Tran.')).toBeInTheDocument();
    expect(calls(sent, 'ticket?')).toContain('/internal/api/ticket?id=555&preview=false');

    await userEvent.click(screen.getByRole('button', { name: 'Go to my next ticket' }));
    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('after Send shows the submitted marker for three seconds and the next ticket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveSession(sessionFixture({ online: true }));
    let sent = false;
    // As the server does: the ticket the reply closed is in my closed list from then on.
    answerWorkspaceCalls(() => (sent ? { ...twoTickets, closedTickets: [101] } : twoTickets), {
      'POST send_reply': () => {
        sent = true;
        return [
          200,
          { ticket_id: 101, message: messageFixture({ id: 900, inbound: false, status: 'sent' }), undo_until: null },
        ];
      },
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderWithProviders(<TicketWorkspace />);

    await screen.findByRole('heading', { name: 'Ticket #101' });
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'All done, thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();
    expect(screen.getByText('Ticket #101 sent')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(screen.queryByText('Ticket #101 sent')).not.toBeInTheDocument());
  });

  it('closes the ticket with Alt+C (DELETE ticket) and shows the next one; archives with Alt+A', async () => {
    saveSession(sessionFixture({ online: true }));
    const closed: number[] = [];
    const archived: number[] = [];
    // The server's lists follow the moves: a closed ticket joins closedTickets, an archived one leaves openTickets.
    const queue = () =>
      ticketsResponseFixture({
        openTickets: [101, 102, 103].filter((id) => !archived.includes(id)).map((id) => ticketSummaryFixture({ id })),
        closedTickets: closed,
      });
    const sent = answerWorkspaceCalls(queue, {
      ...closeAndArchiveAnswers(closed, archived),
    });
    renderWithProviders(<TicketWorkspace />);
    await screen.findByRole('heading', { name: 'Ticket #101' });

    await userEvent.keyboard('{Alt>}c{/Alt}');
    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/internal/api/ticket?id=101' && call.method === 'DELETE')).toBe(true);

    await userEvent.keyboard('{Alt>}a{/Alt}');
    expect(await screen.findByRole('heading', { name: 'Ticket #103' })).toBeInTheDocument();
    expect(closed).toEqual([101]);
    expect(archived).toEqual([102]);
  });

  it('updates the archived list and the closed / waiting count at once after Archive and Close', async () => {
    saveSession(sessionFixture({ online: true }));
    const closed: number[] = [];
    const archived: number[] = [];
    const ids = [101, 102, 103, 104, 105, 106];
    // Enough tickets left that the workspace does not refill the queue on its own.
    const queue = () =>
      ticketsResponseFixture({
        employeeTicketCount: 4 + closed.length,
        totalTicketCount: 37 - closed.length - archived.length,
        createdUnder24h: 31 - closed.length - archived.length,
        openTickets: ids.filter((id) => !archived.includes(id)).map((id) => ticketSummaryFixture({ id })),
        archivedTickets: archived.map((id) => ticketSummaryFixture({ id, archived: new Date().toISOString() })),
        closedTickets: [...closed].reverse(),
      });
    answerWorkspaceCalls(queue, {
      ...closeAndArchiveAnswers(closed, archived),
      'PATCH unarchive_ticket': ({ body }) => {
        const { id } = body as { id: number };
        archived.splice(archived.indexOf(id), 1);
        return [200, { id, state: 'open', archived: null, escalated: null }];
      },
    });
    renderWithProviders(<TicketWorkspace />);
    await screen.findByRole('heading', { name: 'Ticket #101' }, { timeout: 5000 });
    // The name is what shows (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: 'Archived tickets: 0' })).toHaveTextContent(/^Archived tickets: 0$/);

    await userEvent.keyboard('{Alt>}a{/Alt}');
    expect(await screen.findByRole('button', { name: 'Archived tickets: 1' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Ticket statistics: Closed / waiting 4 / 36: 4 closed by me, 36 in the queue',
      }),
    ).toBeInTheDocument();

    await userEvent.keyboard('{Alt>}c{/Alt}');
    expect(
      await screen.findByRole('button', {
        name: 'Ticket statistics: Closed / waiting 5 / 35: 5 closed by me, 35 in the queue',
      }),
    ).toBeInTheDocument();

    // The archived ticket can be sent back from the list right away, and leaves it.
    await userEvent.click(screen.getByRole('button', { name: 'Archived tickets: 1' }));
    // The entry is named by what it shows (WCAG 2.5.3).
    expect(await screen.findByRole('button', { name: /^Preview ticket #101 · / })).toHaveTextContent(/#101 · /);
    await userEvent.click(await screen.findByRole('button', { name: 'Unarchive #101' }));
    expect(await screen.findByRole('button', { name: 'Archived tickets: 0', hidden: true })).toBeInTheDocument();
    expect(archived).toEqual([]);
  }, 15_000);

  it('shows the escalated list only with the permission', async () => {
    const queue = ticketsResponseFixture({
      openTickets: [ticketSummaryFixture({ id: 101 })],
      escalatedTickets: [ticketSummaryFixture({ id: 7 })],
    });
    saveSession(sessionFixture({ online: true, permissions: [] }));
    answerWorkspaceCalls(queue);
    const first = renderWithProviders(<TicketWorkspace />);
    expect(await screen.findByRole('button', { name: 'Archived tickets: 0' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Escalated tickets/ })).not.toBeInTheDocument();
    first.unmount();

    saveSession(sessionFixture({ online: true, permissions: ['tickets.view_escalated'] }));
    renderWithProviders(<TicketWorkspace />);
    expect(await screen.findByRole('button', { name: 'Escalated tickets: 1' })).toBeInTheDocument();
  });
});

describe('single-key shortcuts (WCAG 2.1.4)', () => {
  afterEach(() => localStorage.clear());

  it('are turned off in the shortcut help, stay off for the browser, and leave Alt+N working', async () => {
    saveSession(sessionFixture({ online: true }));
    answerWorkspaceCalls(
      ticketsResponseFixture({ openTickets: [101, 102, 103].map((id) => ticketSummaryFixture({ id })) }),
    );
    const first = renderWithProviders(<TicketWorkspace />);
    await screen.findByRole('heading', { name: 'Ticket #101' });

    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const toggle = within(help).getByRole('switch', { name: 'Single-key shortcuts (J and ?)' });
    expect(toggle).toBeChecked();
    expect(within(help).getByText('J')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    // Their keys leave the list; Alt+N stays.
    expect(within(help).queryByText('J')).not.toBeInTheDocument();
    expect(within(help).queryByText('Show these shortcuts')).not.toBeInTheDocument();
    expect(within(help).getByText('Next ticket, without closing this one')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.keyboard('j');
    await userEvent.keyboard('?');
    expect(screen.getByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.keyboard('{Alt>}n{/Alt}');
    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();

    // Kept in the browser: a new workspace starts with them off, and turning them on brings J back.
    first.unmount();
    renderWithProviders(<TicketWorkspace />);
    await screen.findByRole('heading', { name: /^Ticket #/ });
    const heading = screen.getByRole('heading', { name: /^Ticket #/ }).textContent;
    await userEvent.keyboard('j');
    expect(screen.getByRole('heading', { name: /^Ticket #/ })).toHaveTextContent(heading ?? '');
    await userEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Single-key shortcuts (J and ?)' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.keyboard('j');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: /^Ticket #/ })).not.toHaveTextContent(heading ?? ''),
    );
  });
});
