import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorMessages } from '../../../lib/api-error.ts';
import { readFlashes } from '../../../lib/flash.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { LoanInformationPanel } from './loan-information-panel.tsx';

const paidOff = loanFixture({ id: 11, applied: '2024-01-01T00:00:00Z', paid_off: '2024-07-01T00:00:00Z' });
const active = loanFixture({
  id: 12,
  applied: '2025-06-01T00:00:00Z',
  payments: [
    paymentFixture({ id: 1, due: '2025-07-01', state: 'paid', paid: '2025-07-01T12:00:00Z' }),
    paymentFixture({ id: 2, due: '2025-08-01', state: 'processing', processing: '2025-08-01T12:00:00Z' }),
    paymentFixture({ id: 3, due: '2025-09-01', bounce_fee: 15 }),
    paymentFixture({ id: 4, due: '2025-10-01', type: 'EarlyRepayment' }),
  ],
});
const denied = loanFixture({
  id: 13,
  applied: '2025-09-01T00:00:00Z',
  approved: null,
  accepted: null,
  funded: null,
  denied: '2025-09-02T00:00:00Z',
});
const latest = loanFixture({ id: 14, applied: '2026-02-01T00:00:00Z', approved: null, accepted: null, funded: null });
const loans = Object.fromEntries([paidOff, active, denied, latest].map((loan) => [String(loan.id), loan]));

const loanCards = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('LoanInformationPanel', () => {
  it('shows only the active loans and the latest until Show History is chosen', async () => {
    renderWithProviders(<LoanInformationPanel loans={loans} />);
    expect(loanCards()).toEqual(['Loan #14', 'Loan #12']);
    expect(screen.getByText('2 older loans hidden')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show History' }));
    expect(loanCards()).toEqual(['Loan #14', 'Loan #13', 'Loan #12', 'Loan #11']);

    await userEvent.click(screen.getByRole('button', { name: 'Hide History' }));
    expect(loanCards()).toEqual(['Loan #14', 'Loan #12']);
  });

  it('labels each loan with its display status, type and APR', () => {
    renderWithProviders(<LoanInformationPanel loans={loans} />);
    const card = screen.getByRole('article', { name: 'Loan #12' });
    expect(within(card).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(card).getByText('Standard Loan · 36% APR')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Loan #14' })).getByText('APPLIED')).toBeInTheDocument();
  });

  it('offers payment actions only on payments neither paid nor processing', async () => {
    renderWithProviders(<LoanInformationPanel loans={loans} />);
    expect(screen.queryByRole('button', { name: 'Actions for payment #1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for payment #2' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for payment #3' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Change date…',
      'Switch to debit card',
      'Smaller payment…',
      'Split…',
      'Waive bounce fee',
    ]);
  });

  it('offers no switch to a method the customer cannot be charged by', async () => {
    const achOnly = loanFixture({
      id: 15,
      applied: '2026-03-01T00:00:00Z',
      eligible_payment_methods: ['ach'],
      payments: [paymentFixture({ id: 5, due: '2026-04-01', method: 'ach' })],
    });
    renderWithProviders(<LoanInformationPanel loans={{ '15': achOnly }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for payment #5' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Change date…', 'Smaller payment…', 'Split…']);
  });

  it('offers the cancel on an early repayment', async () => {
    renderWithProviders(<LoanInformationPanel loans={loans} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for payment #4' }));
    expect(await screen.findByRole('menuitem', { name: 'Cancel early repayment…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Waive bounce fee' })).not.toBeInTheDocument();
  });

  it('refuses a smaller payment under $25 before calling the server', async () => {
    renderWithProviders(<LoanInformationPanel loans={loans} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for payment #3' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Smaller payment…' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'New amount' }), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Lower payment' }));
    expect(await screen.findByText('Please enter an amount larger than $25')).toBeInTheDocument();
  });

  describe("hands each action's outcome to the screen", () => {
    // The panel on a screen that listens for the outcome; the loan's ACH switch pressed.
    async function toggleAchWithScreenEvents() {
      const onSuccess = vi.fn();
      const onError = vi.fn();
      renderWithProviders(<LoanInformationPanel loans={loans} mutationConfig={{ onSuccess, onError }} />);
      const card = screen.getByRole('article', { name: 'Loan #12' });
      await userEvent.click(within(card).getByRole('switch', { name: 'ACH ON' }));
      return { onSuccess, onError };
    }

    it("flashes the answer, then runs the screen's onSuccess", async () => {
      answerApiCalls({
        'PATCH loans/toggle_ach': [200, { message: 'Auto debit turned off', loan: { ...active, ach: false } }],
      });
      const { onSuccess, onError } = await toggleAchWithScreenEvents();
      await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
      expect(readFlashes().map((entry) => entry.message)).toContain('Auto debit turned off');
      expect(onError).not.toHaveBeenCalled();
    });

    it("hands a refusal to the screen's onError", async () => {
      answerApiCalls({ 'PATCH loans/toggle_ach': [422, { errors: ['The loan is closed.'] }] });
      const { onSuccess, onError } = await toggleAchWithScreenEvents();
      await waitFor(() => expect(onError).toHaveBeenCalledOnce());
      expect(errorMessages(onError.mock.calls[0]?.[0])).toEqual(['The loan is closed.']);
      expect(onSuccess).not.toHaveBeenCalled();
    });

    it('refreshes the loan on a 409 (changed elsewhere, or refused by a rule) and reports it', async () => {
      answerApiCalls({
        'PATCH loans/toggle_ach': [
          409,
          { errors: ['Loan 12 was changed by someone else since this screen loaded it.'] },
        ],
      });
      const { onSuccess, onError } = await toggleAchWithScreenEvents();
      await waitFor(() => expect(onError).toHaveBeenCalledOnce());
      expect(onSuccess).toHaveBeenCalledOnce();
    });
  });
});
