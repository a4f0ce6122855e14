import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { CARD_RANGE, figure, renderAnalyticsCard } from '../../../test/analytics-card.tsx';
import { callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { PaymentUpdatesCard } from './payment-updates-card.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderCard(answer: ApiAnswers[string]) {
  return renderAnalyticsCard(<PaymentUpdatesCard range={CARD_RANGE} />, { 'GET update_payment_analytics': answer });
}

describe('the payment updates card', () => {
  it('shows user, cs and total for the range asked', async () => {
    const sent = renderCard([200, { user: 1_204, cs: 37, total: 1_241 }]);
    expect(await screen.findByText('1,241')).toBeInTheDocument();
    expect(within(figure('By customers')).getByText('1,204')).toBeInTheDocument();
    expect(within(figure('By staff')).getByText('37')).toBeInTheDocument();
    expect(within(figure('Total')).getByText('1,241')).toBeInTheDocument();
    const calls = callsTo(sent, 'GET update_payment_analytics');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('start_date')).toBe('2026-11-16');
    expect(calls[0]?.query.get('end_date')).toBe('2026-11-22');
  });

  it('explains how each figure is counted on hover', async () => {
    renderCard([200, { user: 0, cs: 0, total: 0 }]);
    await userEvent.hover(await screen.findByText('By customers'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/customer app .* no employee/);
    await userEvent.unhover(screen.getByText('By customers'));
    await userEvent.hover(screen.getByText('By staff'));
    expect(await screen.findByText(/Refunds, validations and bounce fee credits are not counted/)).toBeInTheDocument();
    expect(within(figure('Total')).getByText('0')).toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded', async () => {
    renderCard([422, { errors: ['The end date cannot be after today.'] }]);
    expect(await screen.findByText('Could not load the payment updates.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'By staff' })).not.toBeInTheDocument();
  });
});
