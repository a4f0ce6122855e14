import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../../lib/api-error.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { userFixture } from '../../../test/ticket-fixtures.ts';
import type { UserInfo } from '@portal/contracts';
import { useUpdateUserInfo } from '../api/update-user-info.ts';
import { PersonalInformationPanel } from './personal-information-panel.tsx';

// The panel as the ticket screen composes it: fields saved with PATCH user_info by ticket id.
function OnTicket({ user = userFixture(), onError }: { user?: UserInfo; onError?: (error: Error) => void }) {
  const update = useUpdateUserInfo({ mutationConfig: { onError } });
  return (
    <PersonalInformationPanel
      user={user}
      onSaveField={(parameter, text) => update.mutateAsync({ id: 101, parameter, text })}
    />
  );
}

describe('PersonalInformationPanel', () => {
  it('alerts an invalid entry and does not call the server', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sent = answerApiCalls({});
    renderWithProviders(<OnTicket />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '555-12{Enter}');

    expect(alert).toHaveBeenCalledWith('Invalid Entry for field: phone_number');
    expect(sent).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeInTheDocument();
    alert.mockRestore();
  });

  it('saves a valid entry, normalised, with PATCH user_info', async () => {
    const sent = answerApiCalls({ 'PATCH user_info': [200, { message: 'Updated' }] });
    renderWithProviders(<OnTicket />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '(555) 987-6543');
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: '/internal/api/user_info',
      method: 'PATCH',
      body: { id: 101, parameter: 'phone_number', text: '5559876543' },
    });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument());
  });

  it('shows the empty states of bank, card and comments', async () => {
    renderWithProviders(
      <OnTicket user={userFixture({ bank_account: null, debit_card: null, comments: [], dnc: true })} />,
    );
    expect(screen.getByText('No bank account on file')).toBeInTheDocument();
    expect(screen.getByText('No card on file')).toBeInTheDocument();
    // The user page's term for the flag, one term per flag.
    expect(screen.getByTitle('DNC (do not contact)')).toHaveTextContent('DNC');
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('No comments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });

  it('keeps the field open when the save is refused, and hands the error to the screen', async () => {
    answerApiCalls({ 'PATCH user_info': [409, { errors: ['The email is taken.'] }] });
    const onError = vi.fn();
    renderWithProviders(<OnTicket onError={onError} />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Email' }));
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(input);
    await userEvent.type(input, 'taken@example.com{Enter}');

    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(errorMessages(onError.mock.calls[0]?.[0])).toEqual(['The email is taken.']);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeEnabled();
  });
});
