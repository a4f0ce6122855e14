import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApiCalls, apiCallsSettled } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SEND_NOW_VERDICT_ANSWER } from '../../../test/ticket-fixtures.ts';
import { MessageComposer } from './message-composer.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MessageComposer', () => {
  it('asks a subject for an email only, and sends the message to the thread chosen', async () => {
    const sent = answerApiCalls({
      'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
      'POST users/originate_message': [200, { message: 'Text to 5035550140 sent.', ticket_id: 9, message_id: 3 }],
    });
    renderWithProviders(<MessageComposer userId={5} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Your payment posted.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a subject for the email.');
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByText('Text'));
    await userEvent.click(screen.getByText('Existing thread'));
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      user_id: 5,
      message_type: 'text',
      subject: null,
      message: 'Your payment posted.',
      thread: 'existing',
      purpose: 'servicing',
    });
    expect(sent[0]!.headers.get('Idempotency-Key')).toMatch(/^[\w:-]{8,100}$/);
  }, 15_000);

  it('sends at once after a missing field is filled in (a refused click starts no double-click guard)', async () => {
    const sent = answerApiCalls({
      'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
      'POST users/originate_message': [200, { message: 'Email to ada@example.com sent.', ticket_id: 9, message_id: 3 }],
    });
    // The clock stands still, as for a quick typist: every click is "within" the guard's 2000 ms.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2027, 6, 2, 17));
    renderWithProviders(<MessageComposer userId={151} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a subject for the email.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Your loan');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Your payment posted.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    // waitFor's own second can pass on a busy machine before the request goes out.
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sent[0]!.body).toMatchObject({
      user_id: 151,
      message_type: 'email',
      subject: 'Your loan',
      message: 'Your payment posted.',
    });
  });

  it('sends a double-clicked message once', async () => {
    const sent = answerApiCalls({
      'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
      'POST users/originate_message': [200, { message: 'Text to 5035550140 sent.', ticket_id: 9, message_id: 3 }],
    });
    renderWithProviders(<MessageComposer userId={151} />);
    await userEvent.click(screen.getByText('Text'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Your payment posted.');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await apiCallsSettled();
    expect(sent).toHaveLength(1);
  });

  it('sends the next message at its first click, however soon after one went out', async () => {
    const sent = answerApiCalls({
      'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER,
      'POST users/originate_message': [200, { message: 'Text to 5035550140 sent.', ticket_id: 9, message_id: 3 }],
    });
    // The clock stands still: the second message is written "within" the guard's 2000 ms.
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2027, 6, 2, 17));
    renderWithProviders(<MessageComposer userId={151} />);
    await userEvent.click(screen.getByText('Text'));
    const message = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(message, 'Your payment posted.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(message).toHaveValue(''));
    await userEvent.type(message, 'And your receipt is on its way.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(2), { timeout: 5_000 });
    expect(sent[1]!.body).toMatchObject({ message: 'And your receipt is on its way.' });
  });

  it('keeps Send disabled while a macro placeholder is left, naming it', async () => {
    const sent = answerApiCalls({ 'GET users/contact_verdict': SEND_NOW_VERDICT_ANSWER });
    renderWithProviders(<MessageComposer userId={5} />);
    await userEvent.click(screen.getByText('Text'));
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.paste('Your number is now {new_phone}.');
    expect(screen.getByText('Still to fill in: {new_phone}')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent).toEqual([]);
  });
});
