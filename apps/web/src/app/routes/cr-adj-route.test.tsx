import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApiCalls, type ApiAnswers, callsTo } from '../../test/api-server.ts';
import { NO_FILES, reportingFileFixture } from '../../test/credit-reporting-fixtures.ts';
import { readFlashes } from '../../lib/flash.ts';
import { saveSession } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { CrAdjRoute } from './cr-adj-route.tsx';

// Special credit report adjustments (/cr_adj; spec 001 sections 2, 3, 7, 8) against a fake server.

vi.setConfig({ testTimeout: 30_000 });

const CREATE = 'PUT cr_adj/create_and_notify';
const RESULTS = [
  'Loan 901 will no longer be reported to the credit bureaus from 2026-01-20.',
  'Nothing is sent to the credit bureaus for it.',
  "A note was added to user 38's account.",
];

beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7 }));
});

function renderPage(server: ApiAnswers) {
  const sent = answerApiCalls({ 'GET fcra/reporting_files': [200, NO_FILES], ...server });
  renderWithProviders(<></>, { route: '/cr_adj', extraRoutes: <Route path="cr_adj" element={<CrAdjRoute />} /> });
  return sent;
}

async function fillIn(type: string, reason = '') {
  await screen.findByRole('heading', { name: 'Special Credit Report Adjustments' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Loan ID' }), '901');
  await userEvent.type(screen.getByRole('textbox', { name: 'User ID' }), '38');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Adjustment Type' }), type);
  if (reason) await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('the credit report adjustment form', () => {
  it('asks for ALL account information and offers the three types', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { name: 'Special Credit Report Adjustments' })).toBeInTheDocument();
    expect(screen.getByText(/Fill in/)).toHaveTextContent(/Fill in ALL account information/);
    const options = within(screen.getByRole('combobox', { name: 'Adjustment Type' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Choose a type', 'Delete', 'Resend', 'Do Not Report']);
  });

  // Issue 28: an empty Submit said only 'An id must be a number.' (the server's words).
  it('names each empty field under it and sends nothing', async () => {
    const sent = renderPage({ [CREATE]: [201, { results: ['Recorded.'], adjustment_id: 14 }] });
    await screen.findByRole('heading', { name: 'Special Credit Report Adjustments' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: 'Loan ID' })).toHaveAccessibleDescription('Please enter the loan ID.');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveAccessibleDescription('Please enter the user ID.');
    expect(screen.getByRole('combobox', { name: 'Adjustment Type' })).toHaveAccessibleDescription(
      'Please choose an adjustment type.',
    );
    expect(screen.queryByText(/must be a number/)).not.toBeInTheDocument();
    expect(callsTo(sent, CREATE)).toEqual([]);
    // A filled field loses its message; the prompt cannot be chosen again once a type is.
    await userEvent.type(screen.getByRole('textbox', { name: 'Loan ID' }), '901');
    expect(screen.queryByText('Please enter the loan ID.')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter the user ID.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Choose a type' })).toBeDisabled();
  });

  it('sends gen_adj_file false for Do Not Report and shows the results at the top', async () => {
    const sent = renderPage({ [CREATE]: [201, { results: RESULTS, adjustment_id: 12 }] });
    await fillIn('Do Not Report', 'Identity theft confirmed');
    const results = await screen.findByRole('list', { name: 'Adjustment results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RESULTS);
    expect(callsTo(sent, CREATE)[0]!.body).toEqual({
      loan_id: 901,
      user_id: 38,
      adj_type: 'do_not_report',
      reason: 'Identity theft confirmed',
      gen_adj_file: false,
    });
    // Cleared for the next one.
    expect(screen.getByRole('textbox', { name: 'Loan ID' })).toHaveValue('');
  });

  it('sends gen_adj_file true for Delete and Resend, and no reason when none is given', async () => {
    const sent = renderPage({ [CREATE]: [201, { results: ['Recorded.'], adjustment_id: 13 }] });
    await fillIn('Delete');
    await screen.findByText('Recorded.');
    await fillIn('Resend');
    await waitFor(() => expect(callsTo(sent, CREATE)).toHaveLength(2));
    expect(callsTo(sent, CREATE).map((call) => call.body)).toEqual([
      { loan_id: 901, user_id: 38, adj_type: 'delete', reason: null, gen_adj_file: true },
      { loan_id: 901, user_id: 38, adj_type: 'resend', reason: null, gen_adj_file: true },
    ]);
  });

  it("says 'There was an error on the server. Please contact Engineering.' on a server error", async () => {
    renderPage({ [CREATE]: [500, { errors: ['TypeError: undefined is not a function'] }] });
    await fillIn('Delete');
    expect(
      await screen.findByText('There was an error on the server. Please contact Engineering.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/TypeError/)).not.toBeInTheDocument();
    // What was typed stays for another try.
    expect(screen.getByRole('textbox', { name: 'Loan ID' })).toHaveValue('901');
  });

  it("shows the server's errors on a refusal", async () => {
    renderPage({
      [CREATE]: [422, { errors: ['Loan 901 belongs to user 41, not user 38.', 'Fill in the loan and its customer.'] }],
    });
    await fillIn('Resend');
    expect(await screen.findByText('Loan 901 belongs to user 41, not user 38.')).toBeInTheDocument();
    expect(screen.getByText('Fill in the loan and its customer.')).toBeInTheDocument();
  });
});

describe('the correction file card', () => {
  it('shows the adjustments waiting, generates the file and flashes its message', async () => {
    const file = reportingFileFixture();
    let files = { ...NO_FILES, pending_adjustments: 2 };
    const sent = renderPage({
      'GET fcra/reporting_files': () => [200, files],
      'POST cr_adj/correction_file': () => {
        files = { ...NO_FILES, files: [file] };
        return [200, { message: 'Correction file metro2-corrections-2026-01-20-1.txt made for 2 adjustments.', file }];
      },
    });
    expect(await screen.findByText('2 adjustments are waiting for a correction file.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate correction file' }));
    await waitFor(() =>
      expect(readFlashes().map((entry) => entry.message)).toEqual([
        'Correction file metro2-corrections-2026-01-20-1.txt made for 2 adjustments.',
      ]),
    );
    expect(await screen.findByText('0 adjustments are waiting for a correction file.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Recent correction files' });
    expect(
      within(table).getByRole('button', { name: 'Download metro2-corrections-2026-01-20-1.txt' }),
    ).toBeInTheDocument();
    expect(callsTo(sent, 'POST cr_adj/correction_file')).toHaveLength(1);
  });

  it('downloads a file with the bearer header', async () => {
    const file = reportingFileFixture({ created_by: null });
    const sent = renderPage({
      'GET fcra/reporting_files': [200, { ...NO_FILES, files: [file] }],
      'GET fcra/reporting_files/9': [200, 'HEADER'],
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:portal/file');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await userEvent.click(
        await screen.findByRole('button', { name: 'Download metro2-corrections-2026-01-20-1.txt' }),
      );
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('metro2-corrections-2026-01-20-1.txt');
      expect(link.href).toBe('blob:portal/file');
      expect(callsTo(sent, 'GET fcra/reporting_files/9')).toHaveLength(1);
      expect(callsTo(sent, 'GET fcra/reporting_files/9')[0]!.headers.get('Authorization')).toBe('Bearer token-abc');
    } finally {
      createObjectURL.mockRestore();
      click.mockRestore();
    }
  });
});
