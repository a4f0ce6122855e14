import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { readDraft } from '../draft-cookie.ts';
import { UndoSendBar } from './undo-send-bar.tsx';

// Undo send (issue 40): the bar counts down the reply's time in the outbox; Undo takes it back and
// puts its text in the ticket's draft; a refusal says why.

const inTen = () => new Date(Date.now() + 10_000).toISOString();

describe('UndoSendBar', () => {
  it('takes the reply back: POST undo_send, the draft holds its text again, and the screen is told', async () => {
    const sent = answerApiCalls({
      'POST undo_send': [200, { ticket_id: 41, message_id: 900, reply: 'Your payment is not late.' }],
    });
    const onUndone = vi.fn();
    renderWithProviders(
      <UndoSendBar sent={{ ticketId: 41, messageId: 900, undoUntil: inTen() }} onUndone={onUndone} onDone={vi.fn()} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      /Reply to ticket #41 is in the outbox; it leaves in (10|9) s\./,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(onUndone).toHaveBeenCalledWith(41));
    expect(callsTo(sent, 'POST undo_send')[0]?.body).toEqual({ message_id: 900 });
    expect(readDraft(41).text).toBe('Your payment is not late.');
  });

  it('says why when it is too late, and goes when dismissed', async () => {
    answerApiCalls({ 'POST undo_send': [409, { errors: ['Too late to undo: the reply has been sent.'] }] });
    const onDone = vi.fn();
    renderWithProviders(
      <UndoSendBar sent={{ ticketId: 41, messageId: 901, undoUntil: inTen() }} onUndone={vi.fn()} onDone={onDone} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Too late to undo: the reply has been sent.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDone).toHaveBeenCalled();
  });

  it('goes by itself when the window is over', async () => {
    const onDone = vi.fn();
    renderWithProviders(
      <UndoSendBar
        sent={{ ticketId: 41, messageId: 902, undoUntil: new Date(Date.now() + 300).toISOString() }}
        onUndone={vi.fn()}
        onDone={onDone}
      />,
    );
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 2000 });
  });
});
