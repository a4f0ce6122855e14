import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DisputeListItem, StaffEmployee, TicketSummary } from '@portal/contracts';
import { UnresolvedDisputesPage } from '../../features/disputes/components/unresolved-disputes-page.tsx';
import { StaffPage } from '../../features/staff/components/staff-page.tsx';
import { SurveyResultsPage } from '../../features/surveys/components/survey-results-page.tsx';
import { ArchivedTicketsPage } from '../../features/tickets/components/ticket-list-page.tsx';
import { readFlashes } from '../../lib/flash.ts';
import { saveSession } from '../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../test/api-server.ts';
import { disputeDocuments } from '../../test/dispute-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';

// Issue 40: every list keeps its filters, sort and page in the URL (a copied link opens the same
// view; a bad or stale value falls back to its default without an error), and offers Export CSV to
// holders of lists.export only, with the filters on screen.

const DISPUTES = 'GET disputes_dashboard/unresolved_disputes';
const location = () => screen.getByTestId('location').textContent;
const mayExport = () => saveSession(sessionFixture({ permissions: ['lists.export', 'staff.admin'] }));

const dispute = (id: number): DisputeListItem => ({
  id,
  status: 'assigned',
  employee_id: 3,
  employee_name: 'Kevin',
  due_date: '2026-11-01',
  overdue: true,
  first_name: 'Maria',
  last_name: 'Garcia',
  user_id: 38,
  failed_responses_count: 0,
});
const disputePage = (ids: number[], current = 1, totalPages = 3, total = 60) => ({
  disputes: ids.map(dispute),
  meta: { current_page: current, total_pages: totalPages, total_disputes: total },
});

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the unresolved disputes in the URL', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the view a link names: its filters, sort and page asked of the server and shown', async () => {
    saveSession(sessionFixture());
    const sent = answerApiCalls({ [DISPUTES]: [200, disputePage([9, 8], 2)] }, disputeDocuments);
    renderWithProviders(<UnresolvedDisputesPage />, {
      route: '/disputes/unresolved?status=assigned&due=overdue&sort=-id&page=2',
    });
    expect(await screen.findByRole('row', { name: 'Dispute 9' })).toBeInTheDocument();
    const [call] = callsTo(sent, DISPUTES);
    expect(Object.fromEntries(call!.query)).toEqual({ status: 'assigned', due: 'overdue', sort: '-id', page: '2' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Assigned');
    expect(screen.getByRole('combobox', { name: 'Due' })).toHaveValue('Overdue only');
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Due Date/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    // Without lists.export there is no export.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('puts a changed filter or sort in the URL and goes back to the first page', async () => {
    saveSession(sessionFixture());
    const sent = answerApiCalls({ [DISPUTES]: [200, disputePage([5])] }, disputeDocuments);
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved?page=3' });
    await screen.findByRole('row', { name: 'Dispute 5' });
    await choose('Status', 'Not assigned');
    await waitFor(() => expect(location()).toBe('/disputes/unresolved?status=unresolved'));
    await userEvent.click(screen.getByRole('button', { name: 'Due Date' }));
    await waitFor(() => expect(location()).toBe('/disputes/unresolved?status=unresolved&sort=-due_date'));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location()).toBe('/disputes/unresolved?status=unresolved&sort=-due_date&page=2'));
    await waitFor(() =>
      expect(callsTo(sent, DISPUTES).at(-1)!.query.toString()).toBe('status=unresolved&due=all&sort=-due_date&page=2'),
    );
  });

  it('falls back to the defaults for bad or stale values, without an error, and cleans the URL', async () => {
    saveSession(sessionFixture());
    const sent = answerApiCalls({ [DISPUTES]: [200, disputePage([5], 1, 1, 1)] }, disputeDocuments);
    renderWithProviders(<UnresolvedDisputesPage />, {
      route: '/disputes/unresolved?status=closed&due=overdue&sort=name&page=-4&utm=x',
    });
    expect(await screen.findByRole('row', { name: 'Dispute 5' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/disputes/unresolved?due=overdue'));
    expect(callsTo(sent, DISPUTES)[0]!.query.toString()).toBe('status=all&due=overdue&sort=due_date&page=1');
    expect(screen.queryByText(/Error loading/)).toBeNull();
  });

  it('exports the filters on screen, saves the file under its name, and says when the cap cut it short', async () => {
    mayExport();
    const sent = answerApiCalls(
      {
        [DISPUTES]: [200, disputePage([5], 1, 1, 12_345)],
        'GET exports/unresolved_disputes.csv': () =>
          new HttpResponse('\uFEFFID\r\n5\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="unresolved-disputes-2026-11-21.csv"',
              'X-Export-Rows': '10000',
              'X-Export-Total-Rows': '12345',
              'X-Export-Truncated': 'true',
            },
          }),
      },
      disputeDocuments,
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/export');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved?due=overdue&sort=-id&page=2' });
    await screen.findByRole('row', { name: 'Dispute 5' });
    expect(screen.getByText('The file holds the first 10,000 of 12,345.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('unresolved-disputes-2026-11-21.csv');
    const [call] = callsTo(sent, 'GET exports/unresolved_disputes.csv');
    expect(call!.query.toString()).toBe('status=all&due=overdue&sort=-id');
    expect(call!.headers.get('Authorization')).toBe('Bearer token-abc');
    await waitFor(() =>
      expect(readFlashes().map((entry) => [entry.type, entry.message])).toContainEqual([
        'warning',
        'unresolved-disputes-2026-11-21.csv holds the first 10,000 of 12,345 disputes: narrow the filters to export the rest.',
      ]),
    );
  });

  it("flashes the server's refusal of an export", async () => {
    mayExport();
    answerApiCalls(
      {
        [DISPUTES]: [200, disputePage([5], 1, 1, 1)],
        'GET exports/unresolved_disputes.csv': [403, { errors: ['Exporting a list needs the export permission.'] }],
      },
      disputeDocuments,
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<UnresolvedDisputesPage />, { route: '/disputes/unresolved' });
    await screen.findByRole('row', { name: 'Dispute 5' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(readFlashes().map((entry) => [entry.type, entry.message])).toContainEqual([
        'error',
        'Exporting a list needs the export permission.',
      ]),
    );
    expect(click).not.toHaveBeenCalled();
  });
});

const employee = (id: number, name: string): StaffEmployee => ({
  id,
  name,
  email: `${name.toLowerCase()}@portal.example`,
  roles: ['bankruptcy'],
  active: true,
  online: false,
  mfa: 'on',
  last_sign_in_at: null,
  active_sessions: 0,
  invited: false,
});

describe('the staff list in the URL', () => {
  it('restores the search, role, sort and page from a link, and a new search starts at page 1', async () => {
    mayExport();
    const sent = answerApiCalls({
      'GET staff/employees': [
        200,
        {
          employees: [employee(4, 'Ann')],
          roles: [
            { name: 'agent', permissions: [] },
            { name: 'bankruptcy', permissions: ['bankruptcy.create_notices', 'lists.export'] },
          ],
          pagination: { current_page: 2, total_pages: 2, total_count: 51 },
        },
      ],
    });
    renderWithProviders(<StaffPage />, { route: '/admin/staff?q=ann&role=bankruptcy&sort=-last_sign_in&page=2' });
    expect(await screen.findByRole('row', { name: 'Ann' })).toBeInTheDocument();
    expect(Object.fromEntries(callsTo(sent, 'GET staff/employees')[0]!.query)).toEqual({
      q: 'ann',
      status: 'all',
      role: 'bankruptcy',
      sort: '-last_sign_in',
      page: '2',
    });
    expect(screen.getByRole('textbox', { name: 'Name or email' })).toHaveValue('ann');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('bankruptcy');
    expect(screen.getByRole('columnheader', { name: /Last sign-in/ })).toHaveAttribute('aria-sort', 'descending');

    const search = screen.getByRole('textbox', { name: 'Name or email' });
    await userEvent.clear(search);
    await userEvent.type(search, 'bo{Enter}');
    await waitFor(() => expect(location()).toBe('/admin/staff?q=bo&role=bankruptcy&sort=-last_sign_in'));
    await choose('Role', 'Any role');
    await waitFor(() => expect(location()).toBe('/admin/staff?q=bo&sort=-last_sign_in'));
  });
});

describe('the survey users in the URL', () => {
  it('keeps their order, the day they answered since and the page', async () => {
    mayExport();
    const sent = answerApiCalls({
      'GET survey_results': [
        200,
        {
          path: 'exit-poll',
          name: 'Exit poll',
          count: 120,
          questions: [],
          users: [{ id: 7, first_name: 'Al', last_name: 'Bee', answered_at: '2026-11-10T00:00:00.000Z' }],
          pagination: { current_page: 2, total_pages: 3, total_count: 120 },
        },
      ],
    });
    renderWithProviders(<SurveyResultsPage path="exit-poll" />, { route: '/surveys/exit-poll?sort=id&page=2' });
    expect(await screen.findByText('Lowest user ID first, 50 a page.')).toBeInTheDocument();
    expect(callsTo(sent, 'GET survey_results')[0]!.query.toString()).toBe('path=exit-poll&since=&sort=id&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Answered' }));
    await waitFor(() => expect(location()).toBe('/surveys/exit-poll'));
    fireEvent.change(screen.getByLabelText('Answered since'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(location()).toBe('/surveys/exit-poll?since=2026-11-01'));
    await waitFor(() => expect(callsTo(sent, 'GET survey_results').at(-1)!.query.get('since')).toBe('2026-11-01'));
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});

const ticket = (id: number): TicketSummary => ({
  id,
  user_id: null,
  name: null,
  channel: 'text',
  contact: '5551234567',
  subject: null,
  preview: 'Please call me',
  created_at: '2026-11-20T15:00:00.000Z',
  archived: '2026-11-20T16:00:00.000Z',
  escalated: null,
  last_escalated_by: null,
  snooze: null,
  sla: null,
});

describe('the archived tickets as a page', () => {
  it('opens from a link with its search, channel, sort and page, without going online', async () => {
    saveSession(sessionFixture({ permissions: ['lists.export'] }));
    const sent = answerApiCalls({
      'GET tickets/archived': [
        200,
        { tickets: [ticket(41)], pagination: { current_page: 2, total_pages: 2, total_count: 26 } },
      ],
    });
    renderWithProviders(<ArchivedTicketsPage />, {
      route: '/tickets/archived?q=555&channel=text&sort=created_at&page=2',
    });
    const row = await screen.findByRole('row', { name: 'Ticket 41' });
    expect(within(row).getByText('Please call me')).toBeInTheDocument();
    expect(callsTo(sent, 'GET tickets/archived')[0]!.query.toString()).toBe(
      'q=555&channel=text&sort=created_at&page=2',
    );
    expect(screen.getByRole('textbox', { name: 'Contact, subject or ticket #' })).toHaveValue('555');
    expect(screen.getByRole('combobox', { name: 'Channel' })).toHaveValue('Texts');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByLabelText('Archived tickets count')).toHaveTextContent('26');
    await userEvent.click(screen.getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(location()).toBe('/tickets/archived?q=555&channel=text&sort=-created_at'));
  });
});
