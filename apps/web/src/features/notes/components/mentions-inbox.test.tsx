import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Mention, MentionsResponse } from '@portal/contracts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { MentionsBadge } from './mentions-badge.tsx';
import { MentionsInbox } from './mentions-inbox.tsx';

beforeEach(() => {
  saveSession(sessionFixture({ email: 'ana@portal.example' }));
});

function mention(id: number, overrides: Partial<Mention['note']> = {}, readAt: string | null = null): Mention {
  const note = {
    id: id * 10,
    ticket_id: 12,
    user_id: 5,
    body: `@ana note ${id}`,
    author: { id: 9, name: 'Bob Baker' },
    created_at: '2026-11-21T17:00:00.000Z',
    mentions: [{ handle: 'ana', employee_id: 7, name: 'Ana Lopez' }],
    ...overrides,
  };
  return {
    id,
    created_at: note.created_at,
    read_at: readAt,
    note,
    link: note.ticket_id === null ? `/user?ID=${note.user_id}` : `/?ticket=${note.ticket_id}`,
  };
}
const inbox = (mentions: Mention[]): MentionsResponse => ({
  mentions,
  next_before: null,
  unread: mentions.filter((entry) => entry.read_at === null).length,
});

describe('MentionsBadge', () => {
  it('links to the inbox, named with the unread count', async () => {
    answerApiCalls({ 'GET mentions/unread_count': [200, { unread: 3 }] });
    renderWithProviders(<MentionsBadge />);
    const link = await screen.findByRole('link', { name: 'Mentions, 3 unread' });
    expect(link).toHaveAttribute('href', '/mentions');
  });
});

describe('MentionsInbox', () => {
  it('lists my mentions with links to the ticket and the customer; following one marks it read', async () => {
    const sent = answerApiCalls({
      'GET mentions': [
        200,
        inbox([
          mention(2),
          mention(1, { ticket_id: null, user_id: 8, body: '@ana on the page' }, '2026-11-21T18:00:00.000Z'),
        ]),
      ],
      'PATCH mentions_read': [200, { message: '1 mention marked read.', unread: 0 }],
    });
    renderWithProviders(<MentionsInbox />);
    const list = await screen.findByRole('list', { name: 'Mentions, newest first' });
    expect(screen.getByText(/@ana\b/, { selector: 'strong' })).toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Unread: Bob Baker mentioned you on ticket #12');
    expect(second).toHaveAccessibleName('Bob Baker mentioned you on customer #8');
    expect(within(second!).getByRole('link', { name: 'Open customer #8' })).toHaveAttribute('href', '/user?ID=8');
    expect(within(first!).getByRole('link', { name: 'Open customer #5' })).toHaveAttribute('href', '/user?ID=5');

    await userEvent.click(within(first!).getByRole('link', { name: 'Open ticket #12' }));
    await waitFor(() => expect(callsTo(sent, 'PATCH mentions_read')).toHaveLength(1));
    expect(callsTo(sent, 'PATCH mentions_read')[0]!.body).toEqual({ ids: [2] });
    expect(screen.getByTestId('location')).toHaveTextContent('/?ticket=12');
  });

  it('marks every unread mention shown as read at once', async () => {
    const sent = answerApiCalls({
      'GET mentions': [200, inbox([mention(3), mention(2), mention(1, {}, '2026-11-21T18:00:00.000Z')])],
      'PATCH mentions_read': [200, { message: '2 mentions marked read.', unread: 0 }],
    });
    renderWithProviders(<MentionsInbox />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all shown as read' }));
    await waitFor(() => expect(callsTo(sent, 'PATCH mentions_read')).toHaveLength(1));
    expect(callsTo(sent, 'PATCH mentions_read')[0]!.body).toEqual({ ids: [3, 2] });
  });

  it('says when nobody has mentioned me yet', async () => {
    answerApiCalls({ 'GET mentions': [200, inbox([])] });
    renderWithProviders(<MentionsInbox />);
    expect(await screen.findByText('No mentions yet')).toBeInTheDocument();
  });
});
