import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { readSession, saveSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { LogOutButton } from './log-out-button.tsx';

const location = () => screen.getByTestId('location').textContent;

describe('LogOutButton', () => {
  it('revokes the token, clears cookies and goes to /login', async () => {
    saveSession(sessionFixture());
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ signedOut: true })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<LogOutButton />, { route: '/fcra' });

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
    expect(readFlashes()).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/employees/sign_out');
    expect(init?.method).toBe('DELETE');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-abc');
  });

  it('still signs out locally when the call fails, with the spec warning', async () => {
    saveSession(sessionFixture());
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<LogOutButton />, { route: '/' });

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(readFlashes()).toEqual([expect.objectContaining({ message: MESSAGES.signOutFailed, type: 'error' })]);
  });
});
