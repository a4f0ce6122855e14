import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contracts';
import { setUnauthorizedHandler } from '../../../lib/api-client.ts';
import { readFlashes } from '../../../lib/flash.ts';
import { readSession, saveSession } from '../../../lib/session.ts';
import { handleUnauthorized } from '../../../lib/sign-out-locally.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { OnlineToggle } from './online-toggle.tsx';

describe('OnlineToggle', () => {
  it('reflects the session and saves a change in the session cookie', async () => {
    saveSession(sessionFixture({ online: false }));
    const sent = answerApiCalls({ 'PATCH toggle_online': [200, { online: true }] });
    renderWithProviders(<OnlineToggle />);

    const toggle = screen.getByRole('switch', { name: 'Online' });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);

    await waitFor(() => expect(readSession()?.online).toBe(true));
    expect(toggle).toBeChecked();
    expect(document.cookie).toContain('online=true');
    expect(sent).toEqual([
      expect.objectContaining({ url: '/internal/api/toggle_online', method: 'PATCH', body: { online: true } }),
    ]);
  });

  it('goes back to the stored state and flashes the spec message when the call fails', async () => {
    saveSession(sessionFixture({ online: true }));
    answerApiCalls({ 'PATCH toggle_online': [500, { errors: ['Boom'] }] });
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
    answerApiCalls({ 'PATCH toggle_online': [401, { errors: ['Expired'] }] });
    renderWithProviders(<OnlineToggle />);

    await userEvent.click(screen.getByRole('switch', { name: 'Online' }));

    await waitFor(() => expect(readSession()).toBeNull());
    expect(readFlashes().map((entry) => entry.message)).toEqual([MESSAGES.credentialsExpired]);
  });
});
