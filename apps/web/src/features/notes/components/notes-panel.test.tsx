import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddNoteResponse, ListNotesResponse, Note } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { NotesPanel } from './notes-panel.tsx';

function note(overrides: Partial<Note> = {}): Note {
  return {
    id: 1,
    ticket_id: 12,
    user_id: 5,
    body: '@bob please call the customer back',
    author: { id: 7, name: 'Ana Lopez' },
    created_at: '2026-11-21T17:00:00.000Z',
    mentions: [{ handle: 'bob', employee_id: 9, name: 'Bob Baker' }],
    ...overrides,
  };
}
const listed = (notes: Note[], nextBefore: number | null = null): ListNotesResponse => ({
  notes,
  next_before: nextBefore,
});

describe('NotesPanel', () => {
  it("shows a ticket's notes with author, time and the mentions that notified someone highlighted", async () => {
    answerApiCalls({ 'GET ticket_notes': [200, listed([note({ body: '@bob and @nobody: see the payoff' })])] });
    renderWithProviders(<NotesPanel target={{ ticketId: 12 }} />);
    const list = await screen.findByRole('list', { name: 'Internal notes, newest first' });
    expect(within(list).getByText('Ana Lopez')).toBeInTheDocument();
    const mention = within(list).getByText('@bob');
    expect(mention).toHaveAttribute('title', 'Notified Bob Baker');
    // An @handle that notified nobody is plain text.
    expect(within(list).getByText(/and @nobody: see the payoff/)).toBeInTheDocument();
    expect(screen.getByText('Staff only')).toBeInTheDocument();
  });

  it('adds a note, trimmed by the server, clears the box and lists the handles that notified nobody', async () => {
    const answer: AddNoteResponse = {
      message: 'Note added to ticket #12. Notified Bob Baker.',
      note: note({ id: 2 }),
      not_notified: [
        {
          handle: 'nobody',
          reason: 'unknown',
          sentence:
            "@nobody is not an active employee's handle (the part of their email before the @); nobody was notified.",
        },
      ],
    };
    const sent = answerApiCalls({
      'GET ticket_notes': [200, listed([])],
      'POST ticket_notes': [200, answer],
    });
    renderWithProviders(<NotesPanel target={{ ticketId: 12 }} />);
    expect(await screen.findByText('No notes yet.')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'New internal note' });
    const add = screen.getByRole('button', { name: 'Add note' });
    expect(add).toBeDisabled();
    await userEvent.type(box, '  @bob and @nobody call back  ');
    await userEvent.click(add);

    await waitFor(() => expect(callsTo(sent, 'POST ticket_notes')).toHaveLength(1));
    expect(callsTo(sent, 'POST ticket_notes')[0]!.body).toEqual({
      ticket_id: 12,
      body: '  @bob and @nobody call back  ',
    });
    expect(await screen.findByText(/@nobody is not an active employee's handle/)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(readFlashes().map((flash) => flash.message)).toContain('Note added to ticket #12. Notified Bob Baker.');
    // The list is asked for again.
    await waitFor(() => expect(callsTo(sent, 'GET ticket_notes').length).toBeGreaterThan(1));
  });

  it("writes on a customer's page with Ctrl+Enter, and shows the server's refusal", async () => {
    const sent = answerApiCalls({
      'GET ticket_notes': [200, listed([note({ ticket_id: 44, user_id: 5 })])],
      'POST ticket_notes': [
        400,
        { errors: ['A note must not contain control characters (line breaks and tabs are fine).'] },
      ],
    });
    renderWithProviders(<NotesPanel target={{ userId: 5 }} />);
    // A ticket's note on the customer's page says which ticket.
    expect(await screen.findByText(/on ticket #44/)).toBeInTheDocument();
    expect(callsTo(sent, 'GET ticket_notes')[0]!.url).toBe('/internal/api/ticket_notes?user_id=5');
    // Ctrl+Enter is the note box's: it never reaches the page (on a ticket it would send the reply).
    const pageKeys: string[] = [];
    const onPage = (event: KeyboardEvent) => pageKeys.push(event.key);
    window.addEventListener('keydown', onPage);
    await userEvent.type(screen.getByRole('textbox', { name: 'New internal note' }), 'Prefers email');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    window.removeEventListener('keydown', onPage);
    expect(pageKeys).not.toContain('Enter');
    expect(await screen.findByRole('alert')).toHaveTextContent('A note must not contain control characters');
    expect(callsTo(sent, 'POST ticket_notes')[0]!.body).toEqual({ user_id: 5, body: 'Prefers email' });
    expect(screen.getByRole('textbox', { name: 'New internal note' })).toHaveValue('Prefers email');
  });

  it('shows older notes on demand', async () => {
    const sent = answerApiCalls({
      'GET ticket_notes': ({ query }) =>
        query.get('before') === '3'
          ? [200, listed([note({ id: 2, body: 'Older note', mentions: [] })])]
          : [200, listed([note({ id: 3, body: 'Newer note', mentions: [] })], 3)],
    });
    renderWithProviders(<NotesPanel target={{ ticketId: 12 }} />);
    expect(await screen.findByText('Newer note')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older notes' }));
    expect(await screen.findByText('Older note')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older notes' })).not.toBeInTheDocument();
    expect(callsTo(sent, 'GET ticket_notes').map((call) => call.url)).toContain(
      '/internal/api/ticket_notes?ticket_id=12&before=3',
    );
  });
});
