import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { flash, readFlashes } from '../lib/flash.ts';
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

    const [firstDismiss] = screen.getAllByRole('button', { name: 'Dismiss message' });
    if (!firstDismiss) throw new Error('no dismiss button');
    await userEvent.click(firstDismiss);
    expect(screen.queryByText('Text Sent')).not.toBeInTheDocument();
    expect(readFlashes().map((entry) => entry.message)).toEqual(['An error occured.']);
  });
});
