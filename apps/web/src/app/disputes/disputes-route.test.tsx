import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../lib/session.ts';
import { answerApiCalls } from '../../test/api-server.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { DisputesRoute } from '../routes/disputes-route.tsx';

function openAt(route: string) {
  saveSession(sessionFixture());
  answerApiCalls({
    'GET disputes_dashboard/unresolved_disputes': [
      200,
      { disputes: [], meta: { current_page: 1, total_pages: 0, total_disputes: 0 } },
    ],
    // What a dispute's screen shows once loaded is not looked at here.
    'GET disputes_dashboard/dispute_details': [404, { errors: ['Not found.'] }],
  });
  renderWithProviders(
    <Routes>
      <Route path="disputes/*" element={<DisputesRoute />} />
    </Routes>,
    { route },
  );
}

describe('DisputesRoute', () => {
  it('shows the landing at /disputes under the title Disputes Dashboard', () => {
    openAt('/disputes');
    expect(screen.getByRole('heading', { name: 'Disputes Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upload Disputes' })).toBeInTheDocument();
  });

  it('shows the unresolved list at /disputes/unresolved', async () => {
    openAt('/disputes/unresolved');
    expect(await screen.findByText('No unresolved disputes found.')).toBeInTheDocument();
  });

  it.each(['/disputes/abc', '/disputes/12x', '/disputes/unresolved/3', '/disputes/5/more'])(
    'sends %s back to the landing',
    async (route) => {
      openAt(route);
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/disputes$/));
      expect(screen.getByRole('heading', { name: 'Upload Disputes' })).toBeInTheDocument();
    },
  );

  it('opens a dispute by its numeric id', () => {
    openAt('/disputes/42');
    expect(screen.getByTestId('location')).toHaveTextContent('/disputes/42');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});
