import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { permissionRefusal, permissions, type Permission } from '@portal/contracts';
import { createQueryClient } from '../lib/query-client.ts';
import { saveSession } from '../lib/session.ts';
import { answerApiCalls, type ApiAnswers } from '../test/api-server.ts';
import { sessionFixture } from '../test/session-fixture.ts';
import { ticketsResponseFixture } from '../test/ticket-fixtures.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

// Screens load lazily (their code is fetched on first render): a few seconds, not the default one.
const LAZY_SCREEN = { timeout: 5000 };

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Mantine's test env, as every component test: in a DOM without layout every box is empty, so a
  // menu's dropdown counts as detached from its button and is hidden (display: none) once placed.
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

// The session calls, and what the screens opened here ask for.
function stubApi(permissions: Permission[] = [], screens: ApiAnswers = {}) {
  const { apiToken: _token, ...current } = sessionFixture({ permissions });
  answerApiCalls({
    'POST employees/sign_in': [200, sessionFixture({ permissions })],
    'GET employees/session': [200, current],
    // The navbar's count of unread mentions.
    'GET mentions/unread_count': [200, { unread: 0 }],
    // The approvers' count of actions waiting.
    'GET approvals': [200, { approvals: [], pending_count: 0 }],
    ...screens,
  });
}

describe('route guards', { timeout: 15_000 }, () => {
  it('sends a signed-out visitor to /login and back where they were going after sign-in', async () => {
    stubApi([], { 'GET survey_results': [404, { errors: ['Not found.'] }] });
    const router = renderApp('/surveys/csat?page=2');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@portal.example');
    await user.type(screen.getByLabelText('Password'), 'portal-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // The survey results screen, under its path (the server knows no such survey: its 404 is shown).
    expect(await screen.findByRole('heading', { name: 'csat' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(await screen.findByText('Not found.')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/surveys/csat?page=2');
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('sends a signed-in employee away from /login and /enable-mfa to /', async () => {
    stubApi();
    saveSession(sessionFixture());
    const router = renderApp('/enable-mfa');
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the navbar with its menus and the employee email only when signed in', async () => {
    // The FCRA screen's own data is not what this test looks at.
    stubApi([...permissions], {
      'GET fcra/reporting_files': [404, { errors: ['Not found.'] }],
      'GET fcra/acdv_request': [404, { errors: ['Not found.'] }],
    });
    saveSession(sessionFixture({ permissions: [...permissions] }));
    renderApp('/fcra');
    expect(await screen.findByRole('heading', { name: 'FCRA' }, LAZY_SCREEN)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Dashboards', 'Editors', 'Search', 'Analytics', 'Admin']) {
      expect(nav).toContainElement(screen.getByRole(name === 'Home' ? 'link' : 'button', { name }));
    }
    expect(screen.getByText('ana@portal.example')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Dashboards' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['ACH Files', '/ach'],
      ['Archived Tickets', '/tickets/archived'],
      ['Bankruptcy', '/bankruptcy'],
      ['Deadlines', '/deadlines'],
      ['Disputes', '/disputes'],
      ['Duty Audit', '/duty_audit'],
      ['Escalated Tickets', '/tickets/escalated'],
      ['FCRA', '/fcra'],
      ['Identifications', '/identifications'],
      ['Income Review', '/income'],
    ]);
  });

  it("lists only the screens the employee's permissions open, and shows one page on the others", async () => {
    stubApi();
    saveSession(sessionFixture());
    renderApp('/identifications');
    expect(await screen.findByRole('heading', { name: 'Not available to you' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.getByText(permissionRefusal('identity.review'))).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The Editors menu has nothing a plain agent may open; Admin keeps the API reference.
    expect(within(nav).queryByRole('button', { name: 'Editors' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'Dashboards' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Archived Tickets', 'Bankruptcy', 'Deadlines', 'Disputes']);
  });

  it.each([
    '/fcra',
    '/acdv',
    '/cr_adj',
    '/income',
    '/blog_post',
    '/macros',
    '/admin/staff',
    '/duty_audit',
    '/tickets/escalated',
  ])('shows %s to a plain agent as "Not available to you"', async (path) => {
    stubApi();
    saveSession(sessionFixture());
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Not available to you' }, LAZY_SCREEN)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });

  it('refreshes the stored session from the server on start', async () => {
    const { apiToken: _token, ...current } = sessionFixture({ online: true, permissions: ['tickets.view_escalated'] });
    answerApiCalls({
      'GET employees/session': [200, current],
      'GET tickets': [200, ticketsResponseFixture()],
      'GET mentions/unread_count': [200, { unread: 0 }],
    });
    saveSession(sessionFixture({ online: false }));
    renderApp('/');
    // Offline from the cookie at first, online once the server's answer is in.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Online' })).toBeChecked());
    expect(document.cookie).toContain('online=true');
  });
});
