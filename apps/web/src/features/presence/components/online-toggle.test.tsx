import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { setUnauthorizedHandler } from '../../../lib/api-client.ts';
import { readFlashes } from '../../../lib/flash.ts';
import { readSession, saveSession } from '../../../lib/session.ts';
import { handleUnauthorized } from '../../../lib/sign-out-locally.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { OnlineToggle } from './online-toggle.tsx';

describe('OnlineToggle', () => {
  it('reflects the session and saves a change in the session cookie', async () => {
    saveSession(sessionFixture({ online: false }));
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ online: true })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OnlineToggle />);

    const toggle = screen.getByRole('switch', { name: 'Online' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);

    await waitFor(() => expect(readSession()?.online).toBe(true));
    expect(toggle).toBeChecked();
    expect(document.cookie).toContain('online=true');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/toggle_online');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ online: true });
  });

  it('goes back to the stored state and flashes the spec message when the call fails', async () => {
    saveSession(sessionFixture({ online: true }));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ errors: ['Boom'] }, 500))),
    );
    renderWithProviders(<OnlineToggle />);

    const toggle = screen.getByRole('switch', { name: 'Online' });
    await userEvent.click(toggle);

    await waitFor(() =>
      expect(readFlashes()).toEqual([expect.objectContaining({ message: MESSAGES.toggleOnlineFailed, type: 'error' })]),
    );
    expect(toggle).toBeChecked();
    expect(readSession()?.online).toBe(true);
  });

  it('leaves an expired session to the global sign-out, with only its message', async () => {
    setUnauthorizedHandler(handleUnauthorized);
    saveSession(sessionFixture({ online: false }));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ errors: ['Expired'] }, 401))),
    );
    renderWithProviders(<OnlineToggle />);

    await userEvent.click(screen.getByRole('switch', { name: 'Online' }));

    await waitFor(() => expect(readSession()).toBeNull());
    expect(readFlashes().map((entry) => entry.message)).toEqual([MESSAGES.credentialsExpired]);
  });
});
