import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { awaitingApprovalSentence } from '@portal/contracts';
import { FlashStack } from '../components/flash-stack.tsx';
import { renderWithProviders } from '../test/render.tsx';
import { clearFlashes } from './flash.ts';
import { useFlashedMutation } from './flashed-mutation.ts';

// A mutation's answer is flashed as done, unless the change waits for a second employee (four
// eyes, decision 069): then it says so in the title, not "Done".

function Act({ answer }: { answer: string }) {
  const mutation = useFlashedMutation(async () => ({ message: answer }));
  return (
    <button type="button" onClick={() => mutation.mutate(undefined)}>
      Refund
    </button>
  );
}

afterEach(() => clearFlashes());

describe('useFlashedMutation', () => {
  it('flashes a change that was made as done', async () => {
    renderWithProviders(
      <>
        <Act answer="Refund issued." />
        <FlashStack />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const flashed = await screen.findByRole('status');
    expect(flashed).toHaveTextContent('Done');
    expect(flashed).toHaveTextContent('Refund issued.');
  });

  it('flashes a change held for approval as awaiting approval, never as done', async () => {
    const held = awaitingApprovalSentence('Refund of payment 12 ($150.00)', 'Dec 7, 2026');
    renderWithProviders(
      <>
        <Act answer={held} />
        <FlashStack />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const flashed = await screen.findByRole('status');
    expect(flashed).toHaveTextContent('Awaiting approval');
    expect(flashed).toHaveTextContent(held);
    expect(flashed).not.toHaveTextContent('Done');
  });
});
