import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { readSession, saveSession } from '../../../lib/session.ts';
import { answerApiCalls, noConnection } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { LogOutButton } from './log-out-button.tsx';

const location = () => screen.getByTestId('location').textContent;

describe('LogOutButton', () => {
  it('revokes the token, clears cookies and goes to /login', async () => {
    saveSession(sessionFixture());
    const sent = answerApiCalls({ 'DELETE employees/sign_out': [200, { signedOut: true }] });
    renderWithProviders(<LogOutButton />, { route: '/fcra' });

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(document.cookie).toBe('');
    expect(readFlashes()).toEqual([]);
    expect(sent).toEqual([expect.objectContaining({ url: '/internal/api/employees/sign_out', method: 'DELETE' })]);
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer token-abc');
  });

  it('still signs out locally when the call fails, with the spec warning', async () => {
    saveSession(sessionFixture());
    answerApiCalls({ 'DELETE employees/sign_out': noConnection });
    renderWithProviders(<LogOutButton />, { route: '/' });

    await userEvent.click(screen.getByRole('button', { name: 'Log Out' }));

    await waitFor(() => expect(location()).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(readFlashes()).toEqual([expect.objectContaining({ message: MESSAGES.signOutFailed, type: 'error' })]);
  });
});
