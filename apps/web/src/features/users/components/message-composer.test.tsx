import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { MessageComposer } from './message-composer.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('MessageComposer', () => {
  it('asks a subject for an email only, and sends the message to the thread chosen', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse({ message: 'Text to 5035550140 sent.', ticket_id: 9, message_id: 3 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessageComposer userId={5} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Your payment posted.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a subject for the email.');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(screen.getByText('Text'));
    await userEvent.click(screen.getByText('Existing thread'));
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2100)); // the 2000 ms double-click guard
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      user_id: 5,
      message_type: 'text',
      subject: null,
      message: 'Your payment posted.',
      thread: 'existing',
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[\w:-]{8,100}$/);
  }, 15_000);

  it('keeps Send disabled while a macro placeholder is left, naming it', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<MessageComposer userId={5} />);
    await userEvent.click(screen.getByText('Text'));
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.paste('Your number is now {new_phone}.');
    expect(screen.getByText('Still to fill in: {new_phone}')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
