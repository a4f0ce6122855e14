import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../../lib/session.ts';
import { answerApiCalls, answerLater } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { SignInForm } from './sign-in-form.tsx';

// The sign-in answered when the test wants.
function answerSignInLater() {
  const { answer, give } = answerLater();
  const sent = answerApiCalls({ 'POST employees/sign_in': answer });
  return { sent, respond: give };
}

async function fillAndSubmit(otp = '') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'ana@portal.example');
  await user.type(screen.getByLabelText('Password'), 'portal-demo');
  if (otp) await user.type(screen.getByLabelText('One-time password'), otp);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('SignInForm', () => {
  it('renders the three fields, the Enable MFA link and the Sign in button', () => {
    renderWithProviders(<SignInForm />);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByLabelText('One-time password')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/only if mfa is on for your account/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enable MFA' })).toHaveAttribute('href', '/enable-mfa');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('keeps only digits in the one-time password', async () => {
    renderWithProviders(<SignInForm />);
    await userEvent.type(screen.getByLabelText('One-time password'), '12a 34-56');
    expect(screen.getByLabelText('One-time password')).toHaveValue('123456');
  });

  it('sends {employee:{email,password,otp}}, shows a loading indicator while pending, and stores the session', async () => {
    const { sent, respond } = answerSignInLater();
    renderWithProviders(<SignInForm />);
    await fillAndSubmit('123456');

    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('data-loading', 'true');

    // The form loads the contracts (zod) before it calls: under load the call comes a moment later.
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/internal/api/employees/sign_in',
      method: 'POST',
      body: { employee: { email: 'ana@portal.example', password: 'portal-demo', otp: '123456' } },
    });
    expect(readSession()).toBeNull();

    const session = sessionFixture();
    respond([200, session]);
    await waitFor(() => expect(readSession()).toEqual(session));
    expect(document.cookie).toContain('apiToken=token-abc');
  });

  it('shows the server errors in an error box that can be dismissed, without signing anything out', async () => {
    const { respond } = answerSignInLater();
    renderWithProviders(<SignInForm />);
    const user = await fillAndSubmit();
    respond([401, { errors: ['Invalid email, password or one-time password.'] }]);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in');
    expect(alert).toHaveTextContent('Invalid email, password or one-time password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('lists several errors', async () => {
    const { respond } = answerSignInLater();
    renderWithProviders(<SignInForm />);
    await fillAndSubmit();
    respond([400, { errors: ['Email is not a valid email address.', 'Password is required.'] }]);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });
});
