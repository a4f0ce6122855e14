import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { clearFlashes, flash, readFlashes } from '../lib/flash.ts';
import { renderWithProviders } from '../test/render.tsx';
import { FlashStack } from './flash-stack.tsx';

describe('FlashStack', () => {
  it('shows stacked messages, errors as alerts, each with a dismiss button', async () => {
    renderWithProviders(<FlashStack />);
    act(() => {
      flash('Text Sent');
      flash('An error occured.', { type: 'error' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('Text Sent');
    expect(screen.getByRole('alert')).toHaveTextContent('An error occured.');

    expect(screen.getAllByRole('button', { name: 'Dismiss message' })).toHaveLength(2);
    await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Text Sent')).not.toBeInTheDocument();
    expect(readFlashes().map((entry) => entry.message)).toEqual(['An error occured.']);
  });

  it('stacks corner messages at the top right under the navbar, newest first, at most three', () => {
    renderWithProviders(<FlashStack />);
    act(() => {
      for (const n of [1, 2, 3, 4]) flash(`Payment ${n} moved`);
    });
    const shown = screen.getAllByRole('status').map((entry) => entry.textContent);
    expect(shown).toEqual([
      expect.stringContaining('Payment 4 moved'),
      expect.stringContaining('Payment 3 moved'),
      expect.stringContaining('Payment 2 moved'),
    ]);
    // Clear of the bottom of the page, where the last payment rows and their actions are.
    let stack: HTMLElement | null = screen.getByText('Payment 4 moved');
    while (stack && stack.style.position !== 'fixed') stack = stack.parentElement;
    expect(stack?.style.top).toContain('--app-shell-header-offset');
    expect(stack?.style.bottom).toBe('');
    // Under dialogs and drawers (Mantine's modal layer, 200), above the page.
    expect(Number(stack?.style.zIndex)).toBe(199);
    act(() => clearFlashes());
  });
});
