import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEADLINE_DAY_KINDS, type DeadlineItem, type DeadlinesResponse } from '@portal/contracts';
import { readFlashes } from '../../../lib/flash.ts';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo, type ApiAnswers } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { DeadlinesPage } from './deadlines-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

const DEADLINES = 'GET deadlines';
const NOTICE_SENT = 'PATCH disputes_dashboard/frivolous_notice_sent';
const NOTICE_MAILED = 'POST deadlines/notice_mailed';

beforeEach(() => {
  saveSession(sessionFixture());
});

function item(overrides: Partial<DeadlineItem>): DeadlineItem {
  return {
    queue: 'dispute',
    id: 1,
    due_on: '2026-11-25',
    days_left: 0,
    days_kind: DEADLINE_DAY_KINDS[overrides.queue ?? 'dispute'],
    overdue: false,
    title: 'Dispute #1',
    summary: 'Jo Doe · Debt Validation',
    link: '/disputes/1',
    ...overrides,
  };
}

const ALL_QUEUES = ['acdv', 'dispute', 'dispute_frivolous_notice', 'bankruptcy_notice', 'notice_to_mail'] as const;

function answer(items: DeadlineItem[], nextAfter: string | null = null): DeadlinesResponse {
  return {
    today: '2026-11-25',
    queues: [...ALL_QUEUES],
    own_queues: [...ALL_QUEUES],
    items,
    next_after: nextAfter,
    counts: [
      { queue: 'acdv', label: 'ACDV responses', open: 12, due_today: 0, overdue: 1 },
      { queue: 'dispute', label: 'Direct disputes', open: 30, due_today: 1, overdue: 0 },
      { queue: 'dispute_frivolous_notice', label: 'Frivolous dispute notices', open: 1, due_today: 1, overdue: 0 },
      { queue: 'bankruptcy_notice', label: 'Bankruptcy notices', open: 4, due_today: 0, overdue: 1 },
      { queue: 'notice_to_mail', label: 'Notices to mail', open: 2, due_today: 0, overdue: 1 },
    ],
  };
}

const LATE_ACDV = item({
  queue: 'acdv',
  id: 7,
  due_on: '2026-11-19',
  days_left: -6,
  overdue: true,
  title: 'ACDV CN-7',
  summary: 'Ada Lovelace · dispute code 001',
  link: '/fcra',
});
const LATE_NOTICE = item({
  queue: 'bankruptcy_notice',
  id: 3,
  due_on: '2026-11-23',
  days_left: -2,
  overdue: true,
  title: 'Bankruptcy notice #3',
  summary: 'Dana Q Public · Initial filing · received 2026-11-19',
  link: '/bankruptcy/notice/3',
});
const DISPUTE_TODAY = item({});
const FRIVOLOUS_TODAY = item({
  queue: 'dispute_frivolous_notice',
  id: 9,
  title: 'Frivolous notice, dispute #9',
  summary: 'Jo Roe · found frivolous 2026-11-18: Same letter as #1',
  link: '/disputes/9',
});

const MAIL_LATE = item({
  queue: 'notice_to_mail',
  id: 45,
  due_on: '2026-11-23',
  days_left: -2,
  overdue: true,
  title: 'Consumer-rights notice #45 to mail, customer 123',
  summary:
    'Alert: we can no longer withdraw your loan payments automatically · the email was not delivered: 550 Mailbox unavailable',
  link: '/user?ID=123',
});
const MAIL_LATER = item({
  queue: 'notice_to_mail',
  id: 46,
  due_on: '2026-12-01',
  days_left: 3,
  overdue: false,
  title: 'Adverse action notice #46 to mail, customer 124',
  summary: 'About your loan application 9 · the email was not delivered: 550 Recipient address rejected',
  link: '/user?ID=124',
});

function renderPage(server: ApiAnswers) {
  const sent = answerApiCalls(server);
  renderWithProviders(<DeadlinesPage />, { route: '/deadlines' });
  return sent;
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    // The row header (the item) and its cells, in order.
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the deadlines screen', () => {
  it('shows the counts per queue, then what is overdue and what is due today, each linked to its screen', async () => {
    const sent = renderPage({ [DEADLINES]: [200, answer([LATE_ACDV, LATE_NOTICE, DISPUTE_TODAY, FRIVOLOUS_TODAY])] });
    expect(screen.getByRole('heading', { name: 'Deadlines', level: 1 })).toBeInTheDocument();
    const counts = await screen.findByRole('table', { name: 'Open items per queue' });
    // Only what is due now travels: the counts are of everything.
    expect(callsTo(sent, DEADLINES)[0]?.query.get('scope')).toBe('due_now');
    expect(screen.getByText(/Today is Nov 25, 2026\./)).toBeInTheDocument();
    expect(rowsOf(counts)).toEqual([
      ['ACDV responses', '12', '0', '1'],
      ['Direct disputes', '30', '1', '0'],
      ['Frivolous dispute notices', '1', '1', '0'],
      ['Bankruptcy notices', '4', '0', '1'],
      ['Notices to mail', '2', '0', '1'],
    ]);
    expect(within(counts).getByRole('link', { name: 'Bankruptcy notices' })).toHaveAttribute(
      'href',
      '/bankruptcy/unprocessed',
    );
    // Listed on this screen only: no queue screen to link to.
    expect(within(counts).queryByRole('link', { name: 'Notices to mail' })).not.toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Overdue', level: 2 })).toBeInTheDocument();
    const overdue = screen.getByRole('table', { name: 'Overdue items, the longest overdue first' });
    expect(rowsOf(overdue)).toEqual([
      ['ACDV CN-7', 'ACDV responses', 'Nov 19, 2026', 'Overdue by 6 calendar days', 'Ada Lovelace · dispute code 001'],
      [
        'Bankruptcy notice #3',
        'Bankruptcy notices',
        'Nov 23, 2026',
        'Overdue by 2 business days',
        'Dana Q Public · Initial filing · received 2026-11-19',
      ],
    ]);
    expect(within(overdue).getByRole('link', { name: 'Bankruptcy notice #3' })).toHaveAttribute(
      'href',
      '/bankruptcy/notice/3',
    );

    expect(screen.getByRole('heading', { name: 'Due today', level: 2 })).toBeInTheDocument();
    const today = screen.getByRole('table', { name: 'Items due today' });
    expect(within(today).getAllByText('Due today')).toHaveLength(2);
    await userEvent.click(within(today).getByRole('link', { name: 'Dispute #1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/disputes/1');
  });

  it('shows more a page at a time, after the last item shown', async () => {
    const sent = renderPage({
      [DEADLINES]: (request) =>
        request.query.get('after') === null
          ? [200, answer([LATE_ACDV], '2026-11-19~acdv~7')]
          : [200, answer([LATE_NOTICE])],
    });
    const overdue = await screen.findByRole('table', { name: 'Overdue items, the longest overdue first' });
    expect(rowsOf(overdue).map((row) => row[0])).toEqual(['ACDV CN-7']);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rowsOf(overdue).map((row) => row[0])).toEqual(['ACDV CN-7', 'Bankruptcy notice #3']));
    expect(callsTo(sent, DEADLINES).at(-1)?.query.get('after')).toBe('2026-11-19~acdv~7');
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("shows the employee's own queues, and fewer when they pick them, never none", async () => {
    const sent = renderPage({ [DEADLINES]: [200, answer([LATE_ACDV, LATE_NOTICE])] });
    const picker = await screen.findByRole('group', { name: 'Queues shown' });
    // The server's default: no queues named.
    expect(callsTo(sent, DEADLINES)[0]?.query.get('queues')).toBeNull();
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'ACDV responses' }));
    await waitFor(() =>
      expect(callsTo(sent, DEADLINES).at(-1)?.query.get('queues')).toBe(
        'dispute,dispute_frivolous_notice,bankruptcy_notice,notice_to_mail',
      ),
    );
  });

  it("records a frivolous dispute's notice as sent and reads the list again", async () => {
    let calls = 0;
    const sent = renderPage({
      [DEADLINES]: () => {
        calls += 1;
        return [200, answer(calls === 1 ? [DISPUTE_TODAY, FRIVOLOUS_TODAY] : [DISPUTE_TODAY])];
      },
      [NOTICE_SENT]: [
        200,
        {
          message: 'The notice of dispute #9 is recorded as sent.',
          id: 9,
          frivolous_at: '2026-11-18T18:00:00.000Z',
          frivolous_reason: 'Same letter as #1',
          notice_due_on: '2026-11-25',
          notice_sent_at: '2026-11-25T18:00:00.000Z',
        },
      ],
    });
    const today = await screen.findByRole('table', { name: 'Items due today' });
    // Only the frivolous notice has the button.
    expect(within(today).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(today).getByRole('button', { name: 'Notice sent: dispute #9' }));
    await waitFor(() => expect(screen.queryByText('Frivolous notice, dispute #9')).not.toBeInTheDocument());
    expect(callsTo(sent, NOTICE_SENT)[0]?.body).toEqual({ id: 9 });
    expect(readFlashes().map((flash) => flash.message)).toContain('The notice of dispute #9 is recorded as sent.');
  });

  it('lists the notices to mail, due or not, and records one as mailed after asking', async () => {
    let calls = 0;
    const sent = renderPage({
      [DEADLINES]: () => {
        calls += 1;
        return [200, answer(calls === 1 ? [MAIL_LATE, DISPUTE_TODAY, MAIL_LATER] : [DISPUTE_TODAY, MAIL_LATER])];
      },
      [NOTICE_MAILED]: [
        200,
        { message: 'Message #45 is recorded as mailed on paper.', id: 45, mailed_at: '2026-11-25T18:00:00.000Z' },
      ],
    });
    const overdue = await screen.findByRole('table', { name: 'Overdue items, the longest overdue first' });
    expect(rowsOf(overdue)[0]?.slice(0, 4)).toEqual([
      'Consumer-rights notice #45 to mail, customer 123',
      'Notices to mail',
      'Nov 23, 2026',
      'Overdue by 2 business days',
    ]);
    expect(
      within(overdue).getByRole('link', { name: 'Consumer-rights notice #45 to mail, customer 123' }),
    ).toHaveAttribute('href', '/user?ID=123');
    // Not due yet, still on the screen (no other lists it), apart from what is due today.
    expect(screen.getByRole('heading', { name: 'Notices to mail, due later', level: 2 })).toBeInTheDocument();
    const later = screen.getByRole('table', {
      name: 'Legally required notices no channel carried, to mail on paper by their due date',
    });
    expect(rowsOf(later).map((row) => row[0])).toEqual(['Adverse action notice #46 to mail, customer 124']);
    expect(
      within(later).getByRole('button', { name: 'Mark mailed: Adverse action notice #46 to mail, customer 124' }),
    ).toBeEnabled();
    const today = screen.getByRole('table', { name: 'Items due today' });
    expect(within(today).queryAllByRole('button')).toEqual([]);

    // Asks first; Cancel (or Escape) records nothing and gives focus back to the button.
    const button = within(overdue).getByRole('button', {
      name: 'Mark mailed: Consumer-rights notice #45 to mail, customer 123',
    });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Record the notice as mailed?' });
    expect(within(dialog).getByText('Consumer-rights notice #45 to mail, customer 123')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(callsTo(sent, NOTICE_MAILED)).toEqual([]);

    // By keyboard: the button, then the confirmation.
    await userEvent.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Record the notice as mailed?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark mailed' }));
    await waitFor(() =>
      expect(screen.queryByText('Consumer-rights notice #45 to mail, customer 123')).not.toBeInTheDocument(),
    );
    expect(callsTo(sent, NOTICE_MAILED).map((call) => call.body)).toEqual([{ id: 45 }]);
    expect(readFlashes().map((flash) => flash.message)).toContain('Message #45 is recorded as mailed on paper.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Its row and button are gone: focus goes to the page's heading, not lost.
    expect(screen.getByRole('heading', { name: 'Deadlines', level: 1 })).toHaveFocus();
    expect(screen.getByText('Nothing is overdue.')).toBeInTheDocument();
  });

  it('shows in the confirmation why a notice could not be recorded as mailed', async () => {
    renderPage({
      [DEADLINES]: [200, answer([MAIL_LATE])],
      [NOTICE_MAILED]: [
        409,
        { errors: ['Message #45 was already recorded as mailed on paper (2026-11-25T17:00:00.000Z).'] },
      ],
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark mailed: Consumer-rights notice #45 to mail, customer 123' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Record the notice as mailed?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, mark mailed' }));
    expect(
      await within(dialog).findByText(
        'Message #45 was already recorded as mailed on paper (2026-11-25T17:00:00.000Z).',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('says when nothing is overdue or due today', async () => {
    renderPage({ [DEADLINES]: [200, answer([])] });
    expect(await screen.findByText('Nothing is overdue.')).toBeInTheDocument();
    expect(screen.getByText('Nothing else is due today.')).toBeInTheDocument();
  });

  it('shows why the list could not be read', async () => {
    renderPage({ [DEADLINES]: [503, { errors: ['The database is not reachable.'] }] });
    expect(await screen.findByText(/The database is not reachable\./)).toBeInTheDocument();
  });
});
