import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TicketsResponse } from '@portal/contracts';
import { saveSession } from '../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import {
  messageFixture,
  ticketFixture,
  ticketSummaryFixture,
  ticketsResponseFixture,
} from '../../test/ticket-fixtures.ts';
import { TicketWorkspace } from './ticket-workspace.tsx';

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

// Answers the workspace's calls like the API would; a test overrides what it needs.
function stubApi(queue: TicketsResponse, override: Handler = () => undefined) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = override(url, init);
    if (answer) return Promise.resolve(answer);
    const path = url.pathname.replace('/internal/api/', '');
    if (path === 'tickets') return Promise.resolve(jsonResponse(queue));
    if (path === 'ticket')
      return Promise.resolve(jsonResponse(ticketFixture({ id: Number(url.searchParams.get('id')) })));
    if (path === 'fetch_macros') return Promise.resolve(jsonResponse({ macros: [], tree: [] }));
    return Promise.resolve(jsonResponse({ errors: [`No stub for ${path}`] }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(`/internal/api/${path}`));

const twoTickets = ticketsResponseFixture({ openTickets: [101, 102].map((id) => ticketSummaryFixture({ id })) });

describe('TicketWorkspace', () => {
  it('shows the first ticket of my queue, fetched with num=10, and J skips to the next', async () => {
    saveSession(sessionFixture({ online: true }));
    const fetchMock = stubApi(twoTickets);
    renderWithProviders(<TicketWorkspace />);

    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
    expect(calls(fetchMock, 'tickets')[0]).toBe('/internal/api/tickets?num=10');
    expect(calls(fetchMock, 'ticket?')).toContain('/internal/api/ticket?id=101&preview=false');

    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();
    await userEvent.keyboard('j');
    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
  });

  it('leaves out the tickets I closed, and shows the calm empty state when none is left', async () => {
    saveSession(sessionFixture({ online: true }));
    stubApi(ticketsResponseFixture({ openTickets: [ticketSummaryFixture({ id: 101 })], closedTickets: [101] }));
    renderWithProviders(<TicketWorkspace />);
    expect(await screen.findByText('No tickets waiting. New messages will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Ticket #/ })).not.toBeInTheDocument();
  });

  it('loads nothing while offline', async () => {
    saveSession(sessionFixture({ online: false }));
    const fetchMock = stubApi(twoTickets);
    renderWithProviders(<TicketWorkspace />);
    expect(screen.getByText('You are offline')).toBeInTheDocument();
    await act(async () => undefined);
    expect(calls(fetchMock, 'tickets')).toEqual([]);
  });

  it('opens a deep-linked ticket by taking it, and shows the 409 of a ticket held by someone else', async () => {
    saveSession(sessionFixture({ online: true }));
    const fetchMock = stubApi(twoTickets, (url) =>
      url.pathname.endsWith('/ticket') && url.searchParams.get('id') === '555'
        ? jsonResponse({ errors: ['Ticket #555 is being worked by Kevin Tran.'] }, 409)
        : undefined,
    );
    renderWithProviders(<TicketWorkspace />, { route: '/?ticket=555' });

    expect(await screen.findByText('Ticket #555 is being worked by Kevin Tran.')).toBeInTheDocument();
    expect(calls(fetchMock, 'ticket?')).toContain('/internal/api/ticket?id=555&preview=false');

    await userEvent.click(screen.getByRole('button', { name: 'Go to my next ticket' }));
    expect(await screen.findByRole('heading', { name: 'Ticket #101' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('after Send shows the submitted marker for three seconds and the next ticket', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    saveSession(sessionFixture({ online: true }));
    let sent = false;
    stubApi(twoTickets, (url) => {
      if (url.pathname.endsWith('/send_reply')) {
        sent = true;
        return jsonResponse({ ticket_id: 101, message: messageFixture({ id: 900, inbound: false, status: 'sent' }) });
      }
      // As the server does: the ticket the reply closed is in my closed list from then on.
      if (url.pathname.endsWith('/tickets') && sent) return jsonResponse({ ...twoTickets, closedTickets: [101] });
      return undefined;
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
    const fetchMock = stubApi(queue(), (url, init) => {
      if (url.pathname.endsWith('/tickets')) return jsonResponse(queue());
      if (init?.method === 'DELETE') {
        const id = Number(url.searchParams.get('id'));
        closed.push(id);
        return jsonResponse({ id, state: 'closed', archived: null, escalated: null });
      }
      if (url.pathname.endsWith('/archive_ticket')) {
        const { id } = JSON.parse(String(init?.body)) as { id: number };
        archived.push(id);
        return jsonResponse({ id, state: 'open', archived: new Date().toISOString(), escalated: null });
      }
      return undefined;
    });
    renderWithProviders(<TicketWorkspace />);
    await screen.findByRole('heading', { name: 'Ticket #101' });

    await userEvent.keyboard('{Alt>}c{/Alt}');
    expect(await screen.findByRole('heading', { name: 'Ticket #102' })).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) => String(input) === '/internal/api/ticket?id=101' && init?.method === 'DELETE',
      ),
    ).toBe(true);

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
    stubApi(queue(), (url, init) => {
      if (url.pathname.endsWith('/tickets')) return jsonResponse(queue());
      if (init?.method === 'DELETE') {
        const id = Number(url.searchParams.get('id'));
        closed.push(id);
        return jsonResponse({ id, state: 'closed', archived: null, escalated: null });
      }
      const body = init?.body ? (JSON.parse(String(init.body)) as { id: number }) : null;
      if (url.pathname.endsWith('/archive_ticket') && body) {
        archived.push(body.id);
        return jsonResponse({ id: body.id, state: 'open', archived: new Date().toISOString(), escalated: null });
      }
      if (url.pathname.endsWith('/unarchive_ticket') && body) {
        archived.splice(archived.indexOf(body.id), 1);
        return jsonResponse({ id: body.id, state: 'open', archived: null, escalated: null });
      }
      return undefined;
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
    stubApi(queue);
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
    stubApi(ticketsResponseFixture({ openTickets: [101, 102, 103].map((id) => ticketSummaryFixture({ id })) }));
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
