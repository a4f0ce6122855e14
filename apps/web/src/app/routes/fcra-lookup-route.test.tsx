import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BankruptcyActionResponse } from '@portal/contracts';
import { answerApiCalls, type ApiAnswers, callsTo } from '../../test/api-server.ts';
import { bankruptcyFixture, lookupFixture } from '../../test/credit-reporting-fixtures.ts';
import { businessToday } from '../../lib/business-date.ts';
import { readFlashes } from '../../lib/flash.ts';
import { saveSession } from '../../lib/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sessionFixture } from '../../test/session-fixture.ts';
import { FcraLookupRoute } from './fcra-lookup-route.tsx';

// The loan-based FCRA lookup (spec 001 sections 2, 3, 5, 7, 8) against a fake server.

vi.setConfig({ testTimeout: 30_000 });

const LOOKUP = 'GET fcra_dashboard/fcra_lookup';
const FILE = 'POST fcra_dashboard/fcra_file_bankruptcy';
const DISCHARGE = 'PATCH fcra_dashboard/fcra_discharge_bankruptcy';
const MAILER = 'POST fcra_dashboard/fcra_mailer';

// On the credit reporting desk: the lookup's actions are theirs (credit_reporting.adjust).
beforeEach(() => {
  saveSession(sessionFixture({ employeeId: 7, permissions: ['credit_reporting.adjust'] }));
});

function renderAt(route: string, server: ApiAnswers) {
  const sent = answerApiCalls(server);
  renderWithProviders(<></>, { route, extraRoutes: <Route path="fcra/lookup" element={<FcraLookupRoute />} /> });
  return sent;
}

const location = () => screen.getByTestId('location').textContent;
const messages = () => readFlashes().map((entry) => entry.message);
const filed: BankruptcyActionResponse = {
  message: 'Successfully filed bankruptcy',
  detail:
    'Case 2410234 (chapter 7) filed 2025-12-01 is recorded on user 38; A is reported; debits stopped on loan #901.',
  bankruptcy: bankruptcyFixture(),
};

async function openLookup(server: ApiAnswers = {}) {
  const sent = renderAt('/fcra/lookup?loan_id=901&report_date=2026-01-20', {
    [LOOKUP]: [200, lookupFixture()],
    ...server,
  });
  await screen.findByRole('heading', { name: 'Loan #901' });
  return sent;
}

describe('the FCRA lookup', () => {
  it('fills the form from the URL and searches; a new search goes to the URL', async () => {
    const sent = await openLookup();
    expect(screen.getByRole('textbox', { name: 'Loan ID' })).toHaveValue('901');
    expect(screen.getByLabelText('Report date')).toHaveValue('2026-01-20');
    expect(callsTo(sent, LOOKUP)[0]!.query.toString()).toBe('loan_id=901&report_date=2026-01-20');

    const loanId = screen.getByRole('textbox', { name: 'Loan ID' });
    await userEvent.clear(loanId);
    await userEvent.type(loanId, '640');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toBe('/fcra/lookup?loan_id=640&report_date=2026-01-20'));
    await waitFor(() => expect(callsTo(sent, LOOKUP)).toHaveLength(2));
    expect(callsTo(sent, LOOKUP)[1]!.query.get('loan_id')).toBe('640');
  });

  it('takes today as the report date when none is given, and checks the form before searching', async () => {
    const sent = renderAt('/fcra/lookup', { [LOOKUP]: [200, lookupFixture()] });
    expect(await screen.findByLabelText('Report date')).toHaveValue(businessToday());
    expect(callsTo(sent, LOOKUP)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Loan ID is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Loan ID' }), '9o1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Loan ID must be a number.')).toBeInTheDocument();
    expect(callsTo(sent, LOOKUP)).toHaveLength(0);
  });

  it("shows the server's error when the loan is not found", async () => {
    renderAt('/fcra/lookup?loan_id=77', { [LOOKUP]: [404, { errors: ['Loan 77 was not found.'] }] });
    expect(await screen.findByText('Loan 77 was not found.')).toBeInTheDocument();
  });

  it('shows the searched loan, its account info with code meanings, the user detail and the other loans', async () => {
    await openLookup();
    expect(screen.getByText('Refinance chain: #901')).toBeInTheDocument();
    const adjustments = screen.getByRole('table', { name: 'Past credit report adjustments' });
    expect(within(adjustments).getByText('Resend')).toBeInTheDocument();
    expect(within(adjustments).getByText('Balance corrected')).toBeInTheDocument();
    expect(screen.getByText('71 — 30-59 days past the due date')).toBeInTheDocument();
    expect(screen.getByText('I — Installment')).toBeInTheDocument();
    expect(screen.getByText('XB — Account information disputed by consumer under the FCRA')).toBeInTheDocument();
    expect(screen.getByText('12 Oak St, Fresno, CA 93701')).toBeInTheDocument();
    expect(screen.getByText('***-**-6789')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Payments of loan #901' })).toBeInTheDocument();

    const user = screen.getByRole('region', { name: 'User detail' });
    expect(within(user).getByRole('link', { name: '#38' })).toHaveAttribute('href', '/user?ID=38');
    expect(within(user).getByText('No bankruptcy on record.')).toBeInTheDocument();
    // The user page's one term per flag (issue 28: this said 'do not call' and 'do not loan').
    expect(within(user).getByText('DNC (do not contact)')).toBeInTheDocument();
    expect(within(user).getByText('DNL (do not lend)')).toBeInTheDocument();
    expect(within(user).queryByText(/do not call|do not loan/i)).not.toBeInTheDocument();
    expect(within(user).getByText('Called about the balance.')).toBeInTheDocument();

    const others = screen.getByRole('table', { name: 'Additional loans' });
    expect(within(others).getByText('$500.00')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Payments of loan #640' })).not.toBeInTheDocument();
    const toggle = within(others).getByRole('button', { name: 'Show payment detail of loan #640' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('table', { name: 'Payments of loan #640' })).toBeInTheDocument();
  });

  it('offers the actions only to the credit reporting desk, and says so to others', async () => {
    saveSession(sessionFixture({ employeeId: 7 }));
    await openLookup();
    expect(screen.queryByRole('button', { name: 'File bankruptcy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send 103 mailer' })).not.toBeInTheDocument();
    expect(screen.getByText(/are for the credit reporting desk/)).toBeInTheDocument();
  });

  it('draws the account history as 7 years by 12 months with a legend of the codes', async () => {
    await openLookup();
    const grid = screen.getByRole('table', { name: /Payment history code of each month/ });
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Year', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['2026', '2025', '2024', '2023', '2022', '2021', '2020']);
    const year2025 = within(rows[2]!).getAllByRole('cell');
    expect(year2025.map((cell) => cell.textContent)).toEqual([
      'B',
      'B',
      'B',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '1',
      '2',
    ]);
    expect(year2025[10]).toHaveAttribute('title', 'November 2025: 1 — 30-59 days past due');
    // The swatch's colour as the cell's inline style sets it: happy-dom computes no background
    // from a var() (getComputedStyle gives ''), so toHaveStyle cannot read it.
    expect(year2025[10]!.style.background).toBe('var(--mantine-color-yellow-4)');
    expect(year2025[3]!.style.background).toBe('var(--mantine-color-green-3)');
    const legend = screen.getByRole('list', { name: 'Payment history codes' });
    expect(within(legend).getByText('Charge-off')).toBeInTheDocument();
    expect(within(legend).getByText('0 payments past due (current)')).toBeInTheDocument();
  });
});

describe('the bankruptcy forms', () => {
  it('shows the rule’s messages under the fields and sends nothing while any is left', async () => {
    const sent = await openLookup();
    await userEvent.click(screen.getByRole('button', { name: 'File bankruptcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'File bankruptcy' });
    expect(within(dialog).getByRole('textbox', { name: 'Loan ID' })).toHaveValue('901');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Loan ID' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'File bankruptcy' }));
    expect(within(dialog).getByText('Loan ID is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Case code is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bankruptcy type is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Date filed is required.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Loan ID' }), '90a');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Case code' }), '24-10234');
    expect(within(dialog).getByText('Loan ID must be numeric.')).toBeInTheDocument();
    expect(within(dialog).getByText('Case code must be numeric.')).toBeInTheDocument();
    const caseCode = within(dialog).getByRole('textbox', { name: 'Case code' });
    expect(caseCode).toBeInvalid();
    expect(caseCode).toHaveAccessibleDescription(expect.stringContaining('Case code must be numeric.'));
    await userEvent.type(within(dialog).getByLabelText(/Date filed/), '2099-01-02');
    expect(within(dialog).getByText('Date filed cannot be in the future.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'File bankruptcy' }));
    expect(callsTo(sent, FILE)).toHaveLength(0);
  });

  it("files: sends the form, flashes 'Successfully filed bankruptcy' and reads the lookup again", async () => {
    const sent = await openLookup({ [FILE]: [200, filed] });
    await userEvent.click(screen.getByRole('button', { name: 'File bankruptcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'File bankruptcy' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Case code' }), '2410234');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Bankruptcy type/ }), 'Chapter 7');
    await userEvent.type(within(dialog).getByLabelText(/Date filed/), '2025-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File bankruptcy' }));
    await waitFor(() => expect(callsTo(sent, FILE)).toHaveLength(1));
    expect(callsTo(sent, FILE)[0]!.body).toEqual({
      id: '901',
      case_code: '2410234',
      b_type: '7',
      date_filed: '2025-12-01',
    });
    await waitFor(() => expect(messages()).toEqual(['Successfully filed bankruptcy']));
    expect(readFlashes()[0]).toMatchObject({ type: 'success', placement: 'top' });
    // What was recorded stays beside the actions.
    expect(screen.getByText(filed.detail)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callsTo(sent, LOOKUP)).toHaveLength(2));
  });

  it("discharges the case on record: prefilled, flashes 'Successfully discharged bankruptcy'", async () => {
    const onRecord = { ...filed.bankruptcy, case_code: '24-10234' };
    const sent = await openLookup({
      [LOOKUP]: [200, lookupFixture({ user: { ...lookupFixture().user, bankruptcy: onRecord } })],
      [DISCHARGE]: [200, { ...filed, message: 'Successfully discharged bankruptcy', detail: 'Discharged.' }],
    });
    expect(screen.getByText('A — Petition for Chapter 7 bankruptcy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discharge bankruptcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discharge bankruptcy' });
    expect(within(dialog).getByRole('textbox', { name: 'Case code' })).toHaveValue('2410234');
    expect(within(dialog).getByRole('combobox', { name: /Bankruptcy type/ })).toHaveValue('7');
    await userEvent.type(within(dialog).getByLabelText(/Date discharged/), '2026-01-15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discharge bankruptcy' }));
    await waitFor(() => expect(messages()).toEqual(['Successfully discharged bankruptcy']));
    expect(screen.getByText('Discharged.')).toBeInTheDocument();
    expect(callsTo(sent, DISCHARGE)[0]!.body).toEqual({
      id: '901',
      case_code: '2410234',
      b_type: '7',
      date_discharged: '2026-01-15',
    });
  });

  // Issue 28: the same search again (or the screen opened from the cache) showed the answer from
  // before the case was recorded while the loan was read again; Discharge then opened empty.
  it('waits for the lookup read again before File and Discharge, then starts from the case on file', async () => {
    let reads = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent = await openLookup({
      [LOOKUP]: async () => {
        reads += 1;
        const user = lookupFixture().user;
        const answer = lookupFixture({ user: reads === 1 ? user : { ...user, bankruptcy: filed.bankruptcy } });
        // The read again is answered once the test lets it through.
        if (reads > 1) await held;
        return [200, answer];
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(callsTo(sent, LOOKUP)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Discharge bankruptcy' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'File bankruptcy' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Reading the loan again…');

    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Discharge bankruptcy' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Discharge bankruptcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discharge bankruptcy' });
    expect(within(dialog).getByRole('textbox', { name: 'Case code' })).toHaveValue('2410234');
    expect(within(dialog).getByRole('combobox', { name: /Bankruptcy type/ })).toHaveValue('7');
  });

  it("keeps the dialog open with the server's errors when refused", async () => {
    await openLookup({
      [FILE]: [409, { errors: ['Case 24-10234 was discharged on 2025-11-01; it cannot be filed after that.'] }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'File bankruptcy' }));
    const dialog = await screen.findByRole('dialog', { name: 'File bankruptcy' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Case code' }), '2410234');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: /Bankruptcy type/ }), '13');
    await userEvent.type(within(dialog).getByLabelText(/Date filed/), '2025-12-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'File bankruptcy' }));
    expect(
      await within(dialog).findByText('Case 24-10234 was discharged on 2025-11-01; it cannot be filed after that.'),
    ).toBeInTheDocument();
    expect(messages()).toEqual([]);
  });
});

describe('the 103 mailer', () => {
  it("asks first, then sends {id, code: '103'}, flashes 'Successfully sent mailer' and shows the detail", async () => {
    const sent = await openLookup({
      [MAILER]: [
        200,
        {
          message: 'Successfully sent mailer',
          detail: 'The identity fraud letter was emailed to maria@example.com and saved to the documents.',
          document_id: 'doc-1',
          message_id: 12,
        },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send 103 mailer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the 103 mailer?' });
    expect(callsTo(sent, MAILER)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send mailer' }));
    await waitFor(() => expect(messages()).toEqual(['Successfully sent mailer']));
    expect(
      screen.getByText('The identity fraud letter was emailed to maria@example.com and saved to the documents.'),
    ).toBeInTheDocument();
    expect(callsTo(sent, MAILER)[0]!.body).toEqual({ id: 901, code: '103' });
  });

  it('sends nothing when cancelled', async () => {
    const sent = await openLookup();
    await userEvent.click(screen.getByRole('button', { name: 'Send 103 mailer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the 103 mailer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(sent, MAILER)).toHaveLength(0);
  });
});
