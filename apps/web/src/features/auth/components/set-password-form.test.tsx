import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApiCalls, inTurn } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SetPasswordForm, tokenFromHash } from './set-password-form.tsx';

const PASSWORD = 'a long enough password';

describe('SetPasswordForm', () => {
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
    const sent = answerApiCalls({});
    renderWithProviders(<SetPasswordForm token="t0ken" />);
    await userEvent.type(screen.getByLabelText(/^New password/), PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Repeat it/), `${PASSWORD}!`);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The two passwords differ.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("sets the password with the token and offers the sign-in; shows the server's refusal", async () => {
    const sent = answerApiCalls({
      'POST employees/set_password': inTurn(
        [400, { errors: ['This link does not work any more.'] }],
        [200, { message: 'Your password is set. Sign in with it.', email: 'a@portal.example' }],
      ),
    });
    renderWithProviders(<SetPasswordForm token="t0ken" />);
    await userEvent.type(screen.getByLabelText(/^New password/), PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Repeat it/), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This link does not work any more.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password is set. Sign in with it.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in as a@portal.example' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({
      url: '/internal/api/employees/set_password',
      body: { token: 't0ken', password: PASSWORD },
    });
  });
});
