import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DisputeListItem } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { disputeDocuments } from '../../../test/dispute-fixtures.ts';
import { UnresolvedDisputesPage } from './unresolved-disputes-page.tsx';

const LIST = 'GET disputes_dashboard/unresolved_disputes';
const ASSIGN = 'PATCH disputes_dashboard/assign_dispute';

function listItem(overrides: Partial<DisputeListItem> = {}): DisputeListItem {
  return {
    id: 5,
    status: 'unresolved',
    employee_id: null,
    employee_name: null,
    due_date: '2026-12-02',
    overdue: false,
    first_name: 'Maria',
    last_name: 'Garcia',
    user_id: 38,
    failed_responses_count: 0,
    ...overrides,
  };
}

const page = (disputes: DisputeListItem[], current = 1, totalPages = 1, total = disputes.length) => ({
  disputes,
  meta: { current_page: current, total_pages: totalPages, total_disputes: total },
});

describe('UnresolvedDisputesPage', () => {
  it('lists the disputes: name or N/A, status, due date marked Overdue, failed attempts, the count', async () => {
    answerApiCalls(
      {
        [LIST]: [
          200,
          page(
            [
              listItem(),
              listItem({ id: 6, first_name: null, last_name: null, overdue: true, failed_responses_count: 2 }),
            ],
            1,
            1,
            2,
          ),
        ],
      },
      disputeDocuments,
    );
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved' });
    const first = await screen.findByRole('row', { name: 'Dispute 5' });
    expect(within(first).getByText('Maria Garcia')).toBeInTheDocument();
    expect(within(first).getByText('unresolved')).toBeInTheDocument();
    expect(within(first).getByText('Dec 2, 2026')).toBeInTheDocument();
    expect(within(first).queryByText('Overdue')).toBeNull();
    const second = screen.getByRole('row', { name: 'Dispute 6' });
    expect(within(second).getByText('N/A')).toBeInTheDocument();
    expect(within(second).getByText('Overdue')).toBeInTheDocument();
    expect(within(second).getByText('2 Failed Attempt(s)')).toBeInTheDocument();
    expect(screen.getByLabelText('Unresolved disputes count')).toHaveTextContent('2');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();

    await userEvent.click(within(second).getByRole('button', { name: 'View Details' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/disputes/6');
  });

  it('keeps the page in the URL and moves to the last page when the list has shrunk', async () => {
    const sent = answerApiCalls(
      {
        [LIST]: (call) => {
          const asked = Number(call.query.get('page'));
          return [200, page([listItem({ id: asked * 10 })], Math.min(asked, 2), 2, 30)];
        },
      },
      disputeDocuments,
    );
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved?page=4' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/unresolved?page=2'));
    expect(await screen.findByRole('row', { name: 'Dispute 20' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByRole('row', { name: 'Dispute 10' })).toBeInTheDocument();
    // The first page is the URL without one.
    expect(screen.getByTestId('location').textContent).toBe('/disputes/unresolved');
    expect(callsTo(sent, LIST).map((call) => call.query.get('page'))).toEqual(['4', '2', '1']);
  });

  it('says when none is left, and when the list cannot be read', async () => {
    answerApiCalls({ [LIST]: [200, page([], 1, 0, 0)] }, disputeDocuments);
    const { unmount } = renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved' });
    expect(await screen.findByText('No unresolved disputes found.')).toBeInTheDocument();
    unmount();

    answerApiCalls({ [LIST]: [403, { errors: ['You may not work disputes.'] }] }, disputeDocuments);
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved' });
    expect(await screen.findByText('Error loading disputes: You may not work disputes.')).toBeInTheDocument();
  });

  it('Get Next Dispute opens the dispute assigned to me, or says why not', async () => {
    let left = 1;
    const sent = answerApiCalls(
      {
        [LIST]: [200, page([listItem()])],
        [ASSIGN]: () =>
          left-- > 0 ? [200, { success: true, dispute_id: 12 }] : [404, { errors: ['No unresolved disputes found.'] }],
      },
      disputeDocuments,
    );
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved' });
    await userEvent.click(await screen.findByRole('button', { name: 'Get Next Dispute' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/disputes/12'));
    expect(callsTo(sent, ASSIGN).map((call) => call.body)).toEqual([{}]);

    await userEvent.click(screen.getByRole('button', { name: 'Get Next Dispute' }));
    await waitFor(() =>
      expect(readFlashes().at(-1)).toMatchObject({ message: 'No unresolved disputes found.', type: 'error' }),
    );
  });
});
