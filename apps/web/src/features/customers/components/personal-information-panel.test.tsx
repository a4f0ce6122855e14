import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { userFixture } from '../../../test/ticket-fixtures.ts';
import { PersonalInformationPanel } from './personal-information-panel.tsx';

describe('PersonalInformationPanel', () => {
  it('alerts an invalid entry and does not call the server', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PersonalInformationPanel ticketId={101} user={userFixture()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '555-12{Enter}');

    expect(alert).toHaveBeenCalledWith('Invalid Entry for field: phone_number');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeInTheDocument();
    alert.mockRestore();
  });

  it('saves a valid entry, normalised, with PATCH user_info', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ message: 'Updated' })));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PersonalInformationPanel ticketId={101} user={userFixture()} />);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Phone' }));
    const input = screen.getByRole('textbox', { name: 'Phone' });
    await userEvent.clear(input);
    await userEvent.type(input, '(555) 987-6543');
    await userEvent.click(screen.getByRole('button', { name: 'Save Phone' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/internal/api/user_info');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ id: 101, parameter: 'phone_number', text: '5559876543' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument());
  });

  it('shows the empty states of bank, card and comments', async () => {
    renderWithProviders(
      <PersonalInformationPanel
        ticketId={101}
        user={userFixture({ bank_account: null, debit_card: null, comments: [], dnc: true })}
      />,
    );
    expect(screen.getByText('No bank account on file')).toBeInTheDocument();
    expect(screen.getByText('No card on file')).toBeInTheDocument();
    expect(screen.getByText('DNC')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText('No comments')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toBeInTheDocument();
  });
});
