import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { SignInForm } from './sign-in-form.tsx';

// A fetch stub whose answer the test releases when it wants.
function deferredFetch() {
  let release: (response: Response) => void = () => undefined;
  const fetchMock = vi.fn<typeof fetch>(
    () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, respond: (response: Response) => release(response) };
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
    const { fetchMock, respond } = deferredFetch();
    renderWithProviders(<SignInForm />);
    await fillAndSubmit('123456');

    const button = screen.getByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('data-loading', 'true');

    // The form loads the contracts (zod) before it calls: under load the call comes a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/employees/sign_in');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      employee: { email: 'ana@portal.example', password: 'portal-demo', otp: '123456' },
    });
    expect(readSession()).toBeNull();

    const session = sessionFixture();
    respond(jsonResponse(session));
    await waitFor(() => expect(readSession()).toEqual(session));
    expect(document.cookie).toContain('apiToken=token-abc');
  });

  it('shows the server errors in an error box that can be dismissed, without signing anything out', async () => {
    const { respond } = deferredFetch();
    renderWithProviders(<SignInForm />);
    const user = await fillAndSubmit();
    respond(jsonResponse({ errors: ['Invalid email, password or one-time password.'] }, 401));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign in');
    expect(alert).toHaveTextContent('Invalid email, password or one-time password.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('lists several errors', async () => {
    const { respond } = deferredFetch();
    renderWithProviders(<SignInForm />);
    await fillAndSubmit();
    respond(jsonResponse({ errors: ['Email is not a valid email address.', 'Password is required.'] }, 400));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });
});
