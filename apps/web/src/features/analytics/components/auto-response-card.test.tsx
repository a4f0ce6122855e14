import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AutoResponseAnalyticsResponse } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { CARD_RANGE, figure, renderAnalyticsCard } from '../../../test/analytics-card.tsx';
import { callsTo } from '../../../test/api-server.ts';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { AutoResponseCard } from './auto-response-card.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderCard(answer: AutoResponseAnalyticsResponse) {
  return renderAnalyticsCard(<AutoResponseCard range={CARD_RANGE} />, { 'GET auto_response_analytics': [200, answer] });
}

describe('the auto-response card', () => {
  it('shows the three figures and each text with its count, for the range asked', async () => {
    const cut = `${'x'.repeat(100)}…`;
    const sent = renderCard({
      auto: 1_203,
      noFollow: 17,
      total: 4_500,
      texts: [
        { text: 'We are closed.', count: 1_200 },
        { text: cut, count: 3 },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Auto-response texts' });
    expect(within(figure('All conversations')).getByText('4,500')).toBeInTheDocument();
    expect(within(figure('Auto-responded')).getByText('1,203')).toBeInTheDocument();
    expect(within(figure('No follow-up')).getByText('17')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['We are closed.', '1,200'],
      [cut, '3'],
    ]);
    expect(screen.queryByText('No auto-responses were sent in this range.')).not.toBeInTheDocument();
    const [call] = callsTo(sent, 'GET auto_response_analytics');
    expect(call?.query.get('start_date')).toBe('2026-11-16');
    expect(call?.query.get('end_date')).toBe('2026-11-22');
  });

  it('explains how a figure is worked out on hover', async () => {
    renderCard({ auto: 1, noFollow: 1, total: 1, texts: [{ text: 'Closed.', count: 1 }] });
    await userEvent.hover(await screen.findByText('No follow-up'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/customer has not written again/);
  });

  // The spec's 'this inquiry returned no results' is the page's browser alert, not inline text.
  it('says no auto-response was sent when the range holds none', async () => {
    renderCard({ auto: 0, noFollow: 0, total: 0, texts: [] });
    expect(await screen.findByText('No auto-responses were sent in this range.')).toBeInTheDocument();
    expect(screen.queryByText('this inquiry returned no results')).not.toBeInTheDocument();
    expect(within(figure('Auto-responded')).getByText('0')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
