import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { SlaClock } from '@portal/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SlaClockBadge } from './sla-clock-badge.tsx';

const clock: SlaClock = {
  target: 'first_reply',
  started_at: '2026-12-01T18:00:00.000Z',
  due_at: '2026-12-01T19:00:00.000Z',
  paused: false,
  target_minutes: 60,
  used_seconds: 0,
};

describe('SlaClockBadge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-12-01T18:20:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts down to the due time and turns overdue as time passes', async () => {
    renderWithProviders(<SlaClockBadge clock={clock} />);
    expect(screen.getByText('First reply due in 40 min')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(45 * 60_000);
    expect(screen.getByText('First reply overdue by 5 min')).toBeInTheDocument();
  });

  it('says a paused clock waits on the customer, and shows nothing with no clock', () => {
    const { container } = renderWithProviders(
      <>
        <SlaClockBadge clock={{ ...clock, paused: true, due_at: null, used_seconds: 600 }} />
        <SlaClockBadge clock={null} />
      </>,
    );
    expect(screen.getByText('First reply paused, waiting on the customer (50 min left)')).toBeInTheDocument();
    expect(container.querySelectorAll('.mantine-Badge-root')).toHaveLength(1);
  });
});
