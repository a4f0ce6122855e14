import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionRefusal, type NoticeListItem, type UnprocessedNoticesResponse } from '@portal/contracts';
import { answerApiCalls, type Answer } from '../../test/api-server.ts';
import { noticeFixture } from '../../test/notice-fixtures.ts';
import { readFlashes } from '../../lib/flash.ts';
import { saveSession } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { BankruptcyRoute } from './bankruptcy-route.tsx';

// The bankruptcy dashboard's screens (spec 001 sections 2, 4, 8, 9) as the router shows them.

vi.setConfig({ testTimeout: 30_000 });

// (What the last test's unmount let go of went out in the shared afterEach, test/setup.ts.)
// Of the bankruptcy desk, who may upload notices (issue 37); the landing's last test signs in without it.
beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7, permissions: ['bankruptcy.create_notices'] }));
});

function renderAt(route: string) {
  return renderWithProviders(<></>, {
    route,
    extraRoutes: <Route path="bankruptcy/*" element={<BankruptcyRoute />} />,
  });
}

const location = () => screen.getByTestId('location').textContent;
const messages = () => readFlashes().map((entry) => entry.message);

function listItem(overrides: Partial<NoticeListItem> = {}): NoticeListItem {
  return {
    id: 31,
    status: 'ready_for_assignment',
    employee_id: null,
    first_name: 'Jane',
    last_name: 'Doe',
    created_at: '2024-01-05T18:00:00.000Z',
    received_date: null,
    type: 'BankruptcyNotice::InitialFiling',
    due_on: '2024-01-09',
    days_left: -3,
    days_kind: 'business',
    overdue: true,
    ...overrides,
  };
}

function listAnswer(
  notices: NoticeListItem[],
  current_page = 1,
  total_pages = 1,
  total_count = notices.length,
): Answer {
  const body: UnprocessedNoticesResponse = { notices, pagination: { current_page, total_pages, total_count } };
  return [200, body];
}

describe('bankruptcy routes', () => {
  it('sends unknown sub-paths and ids that are not digits to the landing page', async () => {
    renderAt('/bankruptcy/elsewhere');
    expect(await screen.findByRole('heading', { name: 'Upload New Bankruptcy Notices' })).toBeInTheDocument();
    expect(location()).toBe('/bankruptcy');
  });

  it('accepts digits only as a notice id', async () => {
    renderAt('/bankruptcy/notice/12a');
    expect(await screen.findByRole('link', { name: 'View Unprocessed Notices' })).toHaveAttribute(
      'href',
      '/bankruptcy/unprocessed',
    );
    expect(location()).toBe('/bankruptcy');
  });
});

describe('the landing page', () => {
  const pdf = (name: string) => new File(['%PDF-1.7 test'], name, { type: 'application/pdf' });

  it('uploads the files as files[], says how many notices were made and names the files that failed', async () => {
    const sent = answerApiCalls({
      'POST bankruptcy_notices/create_notices': [
        201,
        {
          success: true,
          message: '2 bankruptcy notice(s) uploaded successfully.',
          notices: [
            { id: 1, file_name: 'a.pdf', has_text: true },
            { id: 2, file_name: 'b.pdf', has_text: false },
          ],
          failed_files: [{ file_name: 'c.pdf', error: 'The file is not a readable PDF.' }],
          errors: [],
        },
      ],
    });
    renderAt('/bankruptcy');
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(readFlashes()).toEqual([
      expect.objectContaining({ message: '2 bankruptcy notice(s) uploaded successfully.', type: 'success' }),
      expect.objectContaining({
        message: '1 file(s) failed to process and remain in the list: c.pdf (The file is not a readable PDF.)',
        type: 'warning',
        placement: 'top',
      }),
    ]);
    const form = sent[0]!.body as FormData;
    expect(form.getAll('files[]').map((file) => (file as File).name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    // Only the failed file stays listed.
    await waitFor(() => expect(screen.queryByText('a.pdf')).not.toBeInTheDocument());
    expect(screen.getByText('c.pdf')).toBeInTheDocument();
  });

  it("says 'An error occurred while uploading files. Please try again.' and keeps every file when the upload fails", async () => {
    answerApiCalls({ 'POST bankruptcy_notices/create_notices': [500, {}] });
    renderAt('/bankruptcy');
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() => expect(messages()).toEqual(['An error occurred while uploading files. Please try again.']));
    expect(readFlashes()[0]).toMatchObject({ type: 'error', placement: 'top', duration: 5 });
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
  });

  it('names every file when the server refuses them all', async () => {
    answerApiCalls({
      'POST bankruptcy_notices/create_notices': [
        422,
        {
          errors: ['The file is not a readable PDF.'],
          failed_files: [{ file_name: 'a.pdf', error: 'The file is not a readable PDF.' }],
        },
      ],
    });
    renderAt('/bankruptcy');
    await userEvent.upload(screen.getByTestId('pdf-file-input'), [pdf('a.pdf')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload Files' }));
    await waitFor(() =>
      expect(messages()).toEqual([
        '1 file(s) failed to process and remain in the list: a.pdf (The file is not a readable PDF.)',
      ]),
    );
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
  });
});

describe('the landing page without bankruptcy.create_notices', () => {
  it('offers no upload, says who uploads, and still leads to the list', async () => {
    saveSession(sessionFixture({ employeeId: 7, permissions: [] }));
    const sent = answerApiCalls({});
    renderAt('/bankruptcy');
    expect(await screen.findByRole('link', { name: 'View Unprocessed Notices' })).toHaveAttribute(
      'href',
      '/bankruptcy/unprocessed',
    );
    expect(screen.queryByRole('heading', { name: 'Upload New Bankruptcy Notices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload Files' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('pdf-file-input')).not.toBeInTheDocument();
    expect(screen.getByText(permissionRefusal('bankruptcy.create_notices'))).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('the unprocessed list', () => {
  it('shows the notices with their count, customer (or N/A), received date and due date', async () => {
    answerApiCalls({
      'GET bankruptcy_notices/unprocessed': listAnswer(
        [
          listItem(),
          listItem({
            id: 32,
            first_name: null,
            last_name: null,
            received_date: '2024-02-10',
            due_on: '2024-02-13',
            days_left: 1,
            overdue: false,
          }),
        ],
        1,
        1,
        2,
      ),
      // The notice opened at the end.
      'GET bankruptcy_notices/32': [404, { errors: ['Not found.'] }],
    });
    renderAt('/bankruptcy/unprocessed');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Unresolved bankruptcy notices' });
    expect(screen.getByRole('heading', { name: 'Unresolved Bankruptcy Notices' })).toBeInTheDocument();
    expect(screen.getByLabelText('Unresolved notices count')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/bankruptcy');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        // Without the sortable columns' arrows (issue 40).
        .map((cell) => cell.textContent.replace(/[↕▲▼]/g, '')),
    ).toEqual(['ID', 'Customer', 'Received Date', 'Due', 'Actions']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['31', 'Jane Doe', 'Jan 5, 2024', 'Jan 9, 2024 Overdue by 3 business days', 'View']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['32', 'N/A', 'Feb 10, 2024', 'Feb 13, 2024 1 business day left', 'View']);
    // No pages to choose from.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    await userEvent.click(within(rows[2]!).getByRole('button', { name: 'View notice 32' }));
    expect(location()).toBe('/bankruptcy/notice/32');
  });

  it("says 'No unresolved bankruptcy notices found.' or the loading error", async () => {
    answerApiCalls({ 'GET bankruptcy_notices/unprocessed': listAnswer([], 1, 0, 0) });
    const view = renderAt('/bankruptcy/unprocessed');
    expect(await screen.findByText('No unresolved bankruptcy notices found.')).toBeInTheDocument();
    view.unmount();

    answerApiCalls({ 'GET bankruptcy_notices/unprocessed': [403, { errors: ['Not allowed.'] }] });
    renderAt('/bankruptcy/unprocessed');
    expect(await screen.findByText('Error loading bankruptcy notices: Not allowed.')).toBeInTheDocument();
  });

  it('moves to the last page when the total shrinks under the page asked for, and pages on', async () => {
    const sent = answerApiCalls({
      'GET bankruptcy_notices/unprocessed': ({ url }) => {
        const page = Number(new URL(url, 'http://portal.test').searchParams.get('page'));
        return listAnswer([listItem({ id: 100 + page })], Math.min(page, 2), 2, 30);
      },
    });
    renderAt('/bankruptcy/unprocessed?page=5');
    await waitFor(() => expect(location()).toBe('/bankruptcy/unprocessed?page=2'));
    expect(await screen.findByText('102')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('101')).toBeInTheDocument();
    expect(location()).toBe('/bankruptcy/unprocessed');
    expect(sent.map((call) => call.query.get('page'))).toEqual(['5', '2', '1']);
  });

  it('polls the list every 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const sent = answerApiCalls({ 'GET bankruptcy_notices/unprocessed': listAnswer([listItem()]) });
    renderAt('/bankruptcy/unprocessed');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(sent).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(sent).toHaveLength(2);
  });

  it("'Get Next Notice' opens the notice assigned, or says none is left", async () => {
    let answer: Answer = [200, { notice: { id: 44 } }];
    answerApiCalls({
      'GET bankruptcy_notices/unprocessed': listAnswer([listItem()]),
      'PATCH bankruptcy_notices/assign': () => answer,
      'GET bankruptcy_notices/44': [200, { notice: noticeFixture({ id: 44 }) }],
      'PATCH bankruptcy_notices/44/unassign': [200, { success: true }],
    });
    const view = renderAt('/bankruptcy/unprocessed');
    await screen.findByText('Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Get Next Notice' }));
    await waitFor(() => expect(location()).toBe('/bankruptcy/notice/44'));
    expect(await screen.findByRole('heading', { name: 'Bankruptcy Notice #44' })).toBeInTheDocument();
    view.unmount();

    answer = [404, { errors: ['No unresolved bankruptcy notices found.'] }];
    const again = renderAt('/bankruptcy/unprocessed');
    await screen.findByText('Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Get Next Notice' }));
    await waitFor(() => expect(messages()).toEqual(['No unresolved bankruptcy notices found.']));
    expect(readFlashes()[0]).toMatchObject({ type: 'error', placement: 'top' });
    expect(location()).toBe('/bankruptcy/unprocessed');
    again.unmount();

    answer = [500, {}];
    renderAt('/bankruptcy/unprocessed');
    await screen.findByText('Jane Doe');
    await userEvent.click(screen.getByRole('button', { name: 'Get Next Notice' }));
    await waitFor(() => expect(messages()).toContain('Failed to assign notice'));
  });
});

describe('the notice screen', () => {
  it('takes a ready notice once as it opens, and lets it go when the screen is left', async () => {
    let status: 'ready_for_assignment' | 'assigned' = 'ready_for_assignment';
    const sent = answerApiCalls({
      'GET bankruptcy_notices/31': () => [
        200,
        {
          notice: noticeFixture({ status, employee_id: status === 'assigned' ? 7 : null }),
        },
      ],
      'PATCH bankruptcy_notices/31/assign': () => {
        status = 'assigned';
        return [200, { notice: { id: 31 } }];
      },
      'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
      'GET bankruptcy_notices/unprocessed': listAnswer([]),
    });
    renderAt('/bankruptcy/notice/31');
    expect(screen.getByText('Loading notice details...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled());
    expect(sent.filter((call) => call.url.endsWith('/assign'))).toHaveLength(1);
    expect(screen.getByLabelText('Status: Assigned')).toBeInTheDocument();
    expect(screen.getByText('No document available for this notice')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Back to Unprocessed Notices' }));
    await screen.findByText('No unresolved bankruptcy notices found.');
    const release = sent.filter((call) => call.url.endsWith('/31/unassign'));
    expect(release).toEqual([expect.objectContaining({ method: 'PATCH', keepalive: true })]);
  });

  it('lets the notice go when the tab closes', async () => {
    const sent = answerApiCalls({
      'GET bankruptcy_notices/31': [200, { notice: noticeFixture() }],
      'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
    });
    renderAt('/bankruptcy/notice/31');
    await screen.findByRole('heading', { name: 'Notice Details' });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() =>
      expect(sent.filter((call) => call.url.endsWith('/31/unassign'))).toEqual([
        expect.objectContaining({ keepalive: true }),
      ]),
    );
  });

  it('shows the breadcrumbs, the action bar dates and the scanned-PDF hint', async () => {
    answerApiCalls({
      'GET bankruptcy_notices/31': [200, { notice: noticeFixture({ has_text: false, notice_source: 'upload' }) }],
      'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
    });
    renderAt('/bankruptcy/notice/31');
    await screen.findByRole('heading', { name: 'Bankruptcy Notice #31' });
    await screen.findByRole('heading', { name: 'Notice Details' });
    const crumbs = within(screen.getByLabelText('Breadcrumbs'));
    expect(crumbs.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Bankruptcy Dashboard', '/bankruptcy'],
      ['Unprocessed Notices', '/bankruptcy/unprocessed'],
      ['Notice Details', '/bankruptcy/notice/31'],
    ]);
    expect(screen.getByText('Created:').parentElement).toHaveTextContent('Created: Jan 5, 2024');
    expect(screen.getByText('Updated:').parentElement).toHaveTextContent('Updated: Jan 6, 2024');
    expect(screen.getByText('Processed:').parentElement).toHaveTextContent('Processed: N/A');
    expect(screen.getByText('Source:').parentElement).toHaveTextContent('Source: upload');
    expect(
      screen.getByText('No text could be read from this PDF: fill the fields in from the document.'),
    ).toBeInTheDocument();
    // Not processed: no next notice from here.
    expect(screen.queryByRole('button', { name: 'Get Next Notice' })).not.toBeInTheDocument();
  });

  it('says when the notice does not exist or could not be loaded', async () => {
    answerApiCalls({ 'GET bankruptcy_notices/31': [404, { errors: ['Not found.'] }] });
    const view = renderAt('/bankruptcy/notice/31');
    expect(await screen.findByText('The requested bankruptcy notice could not be found.')).toBeInTheDocument();
    view.unmount();

    answerApiCalls({ 'GET bankruptcy_notices/31': [403, { errors: ['Not allowed.'] }] });
    renderAt('/bankruptcy/notice/31');
    expect(await screen.findByText('Error loading notice data: Not allowed.')).toBeInTheDocument();
  });

  it('lets the notice go after 30 minutes without activity and returns to the list', async () => {
    const sent = answerApiCalls({
      'GET bankruptcy_notices/31': [200, { notice: noticeFixture() }],
      'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
      'GET bankruptcy_notices/unprocessed': listAnswer([]),
    });
    // Only the inactivity timer's clock is faked; the network and the queries run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderAt('/bankruptcy/notice/31');
    await screen.findByRole('heading', { name: 'Notice Details' });
    await act(() => vi.advanceTimersByTimeAsync(29 * 60_000 + 1_000));
    expect(screen.getByText(/will be unassigned in 59 seconds/)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe('/bankruptcy/unprocessed'));
    const release = sent.filter((call) => call.url.endsWith('/31/unassign'));
    // Let go once, by the timeout itself.
    expect(release).toEqual([expect.objectContaining({ method: 'PATCH', keepalive: false })]);
    expect(messages()).toContain('Notice was automatically unassigned due to inactivity');
  });

  it('renews the hold on the server while the employee works', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const sent = answerApiCalls({
      'GET bankruptcy_notices/31': [200, { notice: noticeFixture() }],
      'PATCH bankruptcy_notices/31/assign': [200, { notice: { id: 31 } }],
      'PATCH bankruptcy_notices/31/unassign': [200, { success: true }],
    });
    renderAt('/bankruptcy/notice/31');
    await screen.findByRole('heading', { name: 'Notice Details' });
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    act(() => {
      window.dispatchEvent(new Event('mousemove'));
    });
    expect(sent.filter((call) => call.url.endsWith('/31/assign'))).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    act(() => {
      window.dispatchEvent(new Event('keydown'));
    });
    // (waitFor polls on setInterval, which is faked here: the clock is moved on instead.)
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(sent.filter((call) => call.url.endsWith('/31/assign'))).toEqual([
      expect.objectContaining({ method: 'PATCH' }),
    ]);
  });
});
