import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { SetPasswordForm, tokenFromHash } from './set-password-form.tsx';

const PASSWORD = 'a long enough password';

describe('SetPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the token from the fragment only', () => {
    expect(tokenFromHash('#token=abc-DEF_123')).toBe('abc-DEF_123');
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=')).toBeNull();
  });

  it('says the link is incomplete when it has no token', () => {
    renderWithProviders(<SetPasswordForm token={null} />);
    expect(screen.getByText('This link is incomplete')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });

  it('refuses two different passwords before any call', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SetPasswordForm token="t0ken" />);
    await userEvent.type(screen.getByLabelText(/^New password/), PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Repeat it/), `${PASSWORD}!`);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sets the password with the token and offers the sign-in; shows the server's refusal", async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse({ errors: ['This link does not work any more.'] }, 400))
      .mockResolvedValueOnce(
        jsonResponse({ message: 'Your password is set. Sign in with it.', email: 'a@portal.example' }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<SetPasswordForm token="t0ken" />);
    await userEvent.type(screen.getByLabelText(/^New password/), PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Repeat it/), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This link does not work any more.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as a@portal.example' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/internal/api/employees/set_password');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 't0ken', password: PASSWORD });
  });
});
