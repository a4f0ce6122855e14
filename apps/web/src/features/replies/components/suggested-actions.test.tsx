import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readFlashes } from '../../../lib/flash.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SuggestedActions } from './suggested-actions.tsx';

describe('SuggestedActions', () => {
  it('runs a message action through users/take_message_action and flashes its answer', async () => {
    const sent = answerApiCalls({
      'POST users/take_message_action': [200, { message: 'Auto debit is now on for loan 62.' }],
    });
    renderWithProviders(
      <SuggestedActions
        actions={[
          { action: 'toggle_ach', label: 'Turn on auto debit', loan_id: 62, reason: 'Asks to pay automatically' },
          {
            action: 'change_email',
            label: 'Edit the email address',
            loan_id: null,
            reason: 'Asks to change the email',
          },
        ]}
      />,
    );
    // Not something take_message_action can do: a reminder, not a button.
    expect(screen.queryByRole('button', { name: 'Edit the email address' })).not.toBeInTheDocument();
    expect(screen.getByText('Edit the email address')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on auto debit' }));
    await waitFor(() =>
      expect(readFlashes().map((entry) => entry.message)).toEqual(['Auto debit is now on for loan 62.']),
    );
    expect(sent).toEqual([
      expect.objectContaining({
        url: '/internal/api/users/take_message_action',
        body: { message_action: 'toggle_ach', loan_id: 62 },
      }),
    ]);
  });
});
