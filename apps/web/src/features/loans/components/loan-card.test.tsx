import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LoanInfo } from '@portal/contracts';
import { answerApiCalls, type SentCall } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { loanFixture } from '../../../test/ticket-fixtures.ts';
import { LoanCard } from './loan-card.tsx';

// The loan card's buttons appear exactly under the conditions of spec 000 section 4 (the rule
// itself is tested in contracts); here, that the card reads it and that each button's flow works.

const application = loanFixture({
  id: 21,
  approved: null,
  accepted: null,
  funded: null,
  approval_code: null,
  display_status: 'APPLIED',
});
const buttonNames = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('button')
    .map((button) => button.textContent);

function renderCard(loan: LoanInfo, latest: LoanInfo | null = loan) {
  renderWithProviders(<LoanCard loan={loan} latest={latest} />);
  return screen.getByRole('article', { name: `Loan #${loan.id}` });
}

let calls: SentCall[] = [];
const answer = (endpoint: string, status: number, body: unknown) => {
  calls = answerApiCalls({ [endpoint]: [status, body] });
};

describe('LoanCard', () => {
  it('shows an application in process with Approve, Deny and Cancel, and no ACH toggle', () => {
    const card = renderCard(application);
    expect(within(card).getByText('Application in Process')).toBeInTheDocument();
    expect(buttonNames(card)).toEqual(expect.arrayContaining(['Approve', 'Deny', 'Cancel']));
    expect(within(card).getByRole('button', { name: 'Cancel loan #21' })).toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Payoff' })).not.toBeInTheDocument();
  });

  it('shows an active loan with the ACH toggle and Payoff, and neither Approve nor Cancel', () => {
    const card = renderCard(loanFixture({ id: 22 }));
    expect(within(card).getByRole('switch', { name: 'ACH ON' })).toBeChecked();
    expect(within(card).getByRole('button', { name: 'Payoff' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Cancel loan/ })).not.toBeInTheDocument();
  });

  it('lets the approval code be copied until the offer is accepted', () => {
    const card = renderCard(loanFixture({ id: 23, accepted: null, funded: null, approval_code: 'XK4P2M9Q' }));
    expect(within(card).getByRole('button', { name: 'Copy approval code XK4P2M9Q' })).toBeInTheDocument();
  });

  it("asks before approving, then shows 'Success!'", async () => {
    answer('POST loans/submit_decision', 200, {
      message: 'Loan 21 is approved.',
      loan: { ...application, approved: '2026-11-21T17:00:00Z' },
    });
    const card = renderCard(application);
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, approve' }));
    expect(await within(card).findByText('Success!')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/internal/api/loans/submit_decision',
        method: 'POST',
        body: { loan_id: 21, lock_version: 0, decision: 'approve' },
      }),
    ]);
  });

  it("shows the server's refusal beside Deny", async () => {
    answer('POST loans/submit_decision', 409, { errors: ['Loan 21 is already approved.'] });
    const card = renderCard(application);
    await userEvent.click(within(card).getByRole('button', { name: 'Deny' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, deny' }));
    expect(await within(card).findByText('Loan 21 is already approved.')).toBeInTheDocument();
  });

  it("cancels only on the second click ('Sure?')", async () => {
    answer('PATCH loans/cancel', 200, { message: 'Loan 21 is cancelled.', loan: application });
    const card = renderCard(application);
    await userEvent.click(within(card).getByRole('button', { name: 'Cancel loan #21' }));
    expect(calls).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: 'Sure? Cancel loan #21' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/internal/api/loans/cancel']));
  });

  it('offers Appeal on the latest denied loan only', () => {
    const denied = loanFixture({ id: 24, denied: '2026-01-05T00:00:00Z', funded: null, display_status: 'DENIED' });
    expect(within(renderCard(denied)).getByRole('button', { name: 'Appeal' })).toBeInTheDocument();
  });

  it('keeps a counter-offer within the amount applied for', async () => {
    const statements = [1, 2, 3].map((id) => ({ id, date: '2026-01-31', page_number: 1, url: `/s/${id}` }));
    const card = renderCard({ ...application, statements, applied_amt: 800 });
    await userEvent.click(within(card).getByRole('button', { name: 'Manual Approval' }));
    const input = await screen.findByRole('textbox', { name: 'Counter-offer' });
    await userEvent.clear(input);
    await userEvent.type(input, '900');
    expect(await screen.findByText('At most the $800.00 applied for.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Approve for/ })).toBeDisabled();
  });

  it('shows the settlement input only on a matured loan with a settlement minimum and nothing processing', async () => {
    const matured = loanFixture({ id: 25, maturity: '2026-01-04', settlement_min: 200 });
    // The number field loads when it first renders (components/lazy-number-input.tsx).
    expect(
      await within(renderCard(matured)).findByRole('textbox', { name: 'Settlement (min $200.00)' }),
    ).toBeInTheDocument();
  });

  it('says why ACH is closed after a high-risk return', () => {
    const card = renderCard(
      loanFixture({ id: 26, high_risk_return: { code: 'R10', title: 'Not authorized', date: '2026-03-02' } }),
    );
    expect(
      within(card).getByText(/R10 return \(Not authorized\).*only a payments admin can switch payments back to ACH/),
    ).toBeInTheDocument();
  });
});
