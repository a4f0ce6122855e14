import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session.ts';
import { answerApiCalls, callsTo } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { CsAnalyticsPage } from './cs-analytics-page.tsx';

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

const employeeRow = (id: number, name: string, slaMet: number, slaTotal: number) => ({
  employee_id: id,
  name,
  tickets_worked: 30,
  tickets_closed: 28,
  replies: 31,
  median_handling_seconds: 600,
  average_handling_seconds: 720,
  sla_met: slaMet,
  sla_total: slaTotal,
});

function renderPage(
  counts: { conversations: number; outbound: number; inbound: number },
  employees: ReturnType<typeof employeeRow>[] = [],
) {
  const sent = answerApiCalls({
    'GET total_number_of_conversations': [200, { count: counts.conversations }],
    'GET total_outbound_messages': [200, { count: counts.outbound }],
    'GET total_inbound_messages': [200, { count: counts.inbound }],
    'GET average_first_response_time': [200, { average_seconds: null, responded: 0 }],
    'GET adjusted_average_first_response_time': [200, { average_seconds: null, responded: 0 }],
    'GET text_email_analytics': [200, { metadata: { time_period: 'day' }, data: {} }],
    'GET employee_list': [200, { employees: [] }],
    'GET employee_ticket_analytics': [200, { data: employees }],
    'GET auto_response_analytics': [200, { auto: 0, noFollow: 0, total: counts.conversations, texts: [] }],
    'GET update_payment_analytics': [200, { user: 0, cs: 0, total: 0 }],
  });
  renderWithProviders(<></>, {
    route: '/visualize/cs',
    extraRoutes: <Route path="visualize/cs" element={<CsAnalyticsPage />} />,
  });
  return sent;
}

describe('the CS analytics dashboard', () => {
  // Spec 001 section 8: the empty answer is a browser alert, not text on the page; once per range.
  it("alerts 'this inquiry returned no results' when the range holds nothing", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage({ conversations: 0, outbound: 0, inbound: 0 });
    await waitFor(() => expect(alert).toHaveBeenCalledWith('this inquiry returned no results'));
    expect(screen.queryByText('this inquiry returned no results')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(alert).toHaveBeenCalledTimes(2));
    alert.mockRestore();
  });

  it('shows the figures, and asks for the last week ending today at first', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const sent = renderPage({ conversations: 1_204, outbound: 3, inbound: 9 });
    expect(await screen.findByText('1,204')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
    const [call] = callsTo(sent, 'GET total_number_of_conversations');
    const start = call?.query.get('start_date') ?? '';
    const end = call?.query.get('end_date') ?? '';
    expect((Date.parse(end) - Date.parse(start)) / 86_400_000).toBe(6);
  });

  it('shows the share of reply-time targets each employee met, a dash for one who ended none', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    renderPage({ conversations: 40, outbound: 31, inbound: 40 }, [
      employeeRow(7, 'Ana Lopez', 23, 25),
      employeeRow(8, 'Ben Ito', 0, 0),
    ]);
    const table = await screen.findByRole('table', { name: 'Ticket analytics per employee' });
    expect(within(table).getByRole('columnheader', { name: /Reply time met/ })).toBeInTheDocument();
    const [, ana, ben] = within(table).getAllByRole('row');
    expect(ana).toHaveTextContent('92% (23 of 25)');
    expect(
      within(ben as HTMLElement)
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('—');
    alert.mockRestore();
  });
});
