import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { instantInZone, snoozeTimes } from '../snooze-times.ts';
import { SnoozeMenu, snoozeReturnText } from './snooze-menu.tsx';

// Thursday 2026-11-19, noon in Los Angeles (the default business time zone).
const NOW = new Date('2026-11-19T20:00:00Z');
const now = () => NOW;

describe('the snooze times', () => {
  it('are 9 am business time tomorrow and next Monday, across a DST change', () => {
    const times = snoozeTimes(NOW, 'America/New_York');
    expect(times.oneHour.toISOString()).toBe('2026-11-19T21:00:00.000Z');
    expect(times.tomorrowMorning.toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(times.nextMonday.toISOString()).toBe('2026-11-23T14:00:00.000Z');
    // From a Monday, next Monday is a week on.
    expect(snoozeTimes(new Date('2026-11-23T15:00:00Z'), 'America/New_York').nextMonday.toISOString()).toBe(
      '2026-11-30T14:00:00.000Z',
    );
    expect(instantInZone('2026-07-01', '09:00', 'America/New_York').toISOString()).toBe('2026-07-01T13:00:00.000Z');
  });
});

describe('SnoozeMenu', () => {
  it('offers the choices by keyboard and sends the chosen time', async () => {
    const onSnooze = vi.fn();
    renderWithProviders(<SnoozeMenu ticketId={7} onSnooze={onSnooze} loading={false} now={now} />);
    const button = screen.getByRole('button', { name: 'Snooze ticket #7' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items[0]).toBe('In 1 hour');
    expect(items[1]).toMatch(/^Tomorrow 9:00 AM/);
    expect(items[2]).toMatch(/^Next Monday 9:00 AM/);
    expect(items.slice(3)).toEqual(['Pick a date and time…', 'Until the customer replies']);
    await userEvent.click(screen.getByRole('menuitem', { name: /^Tomorrow 9:00 AM/ }));
    // The menu uses the business time zone (Los Angeles by default): 9 am PST.
    expect(onSnooze).toHaveBeenLastCalledWith('2026-11-20T17:00:00.000Z');

    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Until the customer replies' }));
    expect(onSnooze).toHaveBeenLastCalledWith('customer_replies');
  });

  it('takes a picked date and time in business time, refusing one past or too far', async () => {
    const onSnooze = vi.fn();
    renderWithProviders(<SnoozeMenu ticketId={7} onSnooze={onSnooze} loading={false} now={now} />);
    await userEvent.click(screen.getByRole('button', { name: 'Snooze ticket #7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Pick a date and time…' }));
    const input = await screen.findByLabelText(/Snooze until/);
    await userEvent.type(input, '2026-11-18T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Pick a time in the future.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '2027-01-30T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(await screen.findByText('Pick a time within 30 days.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-24T16:30');
    await userEvent.click(screen.getByRole('button', { name: 'Snooze' }));
    expect(onSnooze).toHaveBeenCalledWith('2026-11-25T00:30:00.000Z');
  });

  it('says why a ticket is back from snooze', () => {
    expect(snoozeReturnText(null)).toBeNull();
    expect(snoozeReturnText({ by: 'Ana Lopez', returned_at: null, reason: null })).toBeNull();
    expect(
      snoozeReturnText({ by: 'Ana Lopez', returned_at: '2026-11-19T20:00:00Z', reason: 'customer_replied' }),
    ).toMatch(/^Snoozed by Ana Lopez; back .+ because the customer replied\.$/);
  });
});
