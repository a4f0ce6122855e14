import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanInfo } from '@portal/contracts';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { answerApiCalls } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { CustomPaymentsButton } from './custom-payments-button.tsx';

// Custom payments (spec 000 sections 4 and 5): a new schedule for the loan's due installments.

const upcoming: LoanInfo['payments'] = [
  paymentFixture({ id: 51, due: '2099-01-05', expected_amt: 100 }),
  paymentFixture({ id: 52, due: '2099-02-05', expected_amt: 100 }),
  // Neither a payoff nor a settlement is part of the schedule, nor what is already paid.
  paymentFixture({ id: 53, due: '2099-01-20', expected_amt: 900, type: 'EarlyRepayment' }),
  paymentFixture({ id: 54, due: '2099-01-21', expected_amt: 900, type: 'Settlement' }),
  paymentFixture({ id: 55, due: '2098-12-05', expected_amt: 900, state: 'paid', paid: '2098-12-05' }),
];

async function open(loan: LoanInfo) {
  renderWithProviders(<CustomPaymentsButton loan={loan} />);
  await userEvent.click(screen.getByRole('button', { name: 'Custom payments…' }));
  return screen.findByRole('textbox', { name: 'Amount of each payment' });
}

// The pickers' today (only Date is faked, so the user events' timers run).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2098-12-10T18:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  clearSession();
});

describe('CustomPaymentsButton', () => {
  it("says 'Loan {id} has no upcoming payments' and cannot be submitted when nothing is due", async () => {
    saveSession(sessionFixture());
    const sent = answerApiCalls({});
    const paidOnly = [paymentFixture({ id: 56, due: '2098-12-05', state: 'paid', paid: '2098-12-05' })];
    await userEvent.type(await open(loanFixture({ id: 42, payments: paidOnly })), '50');
    expect(screen.getByText('Loan 42 has no upcoming payments')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Set schedule' });
    expect(submit).toBeDisabled();
    await userEvent.click(submit);
    expect(sent).toEqual([]);
  });

  it('previews a schedule that adds up to the due installments, the last one taking the rest', async () => {
    saveSession(sessionFixture());
    await userEvent.type(await open(loanFixture({ id: 43, payments: upcoming })), '75');
    expect(
      await screen.findByText('3 monthly payments from Jan 5, 2099 to Mar 5, 2099; the last one $50.00.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    expect(
      await screen.findByText('3 weekly payments from Jan 5, 2099 to Jan 19, 2099; the last one $50.00.'),
    ).toBeInTheDocument();
  });

  it('refuses an amount that would take more than the schedule allows, without building it', async () => {
    saveSession(sessionFixture());
    await userEvent.type(await open(loanFixture({ id: 43, payments: upcoming })), '0.01');
    expect(await screen.findByText(/^That would take 20000 payments; a schedule can have at most/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set schedule' })).toBeDisabled();
  });

  it('sends the first date, amount, frequency and the loan lock_version', async () => {
    saveSession(sessionFixture());
    const loan = loanFixture({ id: 43, payments: upcoming, lock_version: 7 });
    const sent = answerApiCalls({ 'PATCH loans/custom_payments': [200, { message: 'Scheduled.', loan }] });
    await userEvent.type(await open(loan), '75');
    await userEvent.click(screen.getByRole('radio', { name: 'Biweekly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Set schedule' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('loans/custom_payments'),
      body: { loan: 43, date: '2099-01-05', amount: 75, frequency: 'biweekly', lock_version: 7 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not offered on a loan that is not active', () => {
    saveSession(sessionFixture());
    renderWithProviders(<CustomPaymentsButton loan={loanFixture({ id: 44, display_status: 'APPLIED' })} />);
    expect(screen.queryByRole('button', { name: 'Custom payments…' })).not.toBeInTheDocument();
  });
});
