import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoanInfo, Permission } from '@portal/contracts';
import { clearFlashes, readFlashes } from '../../../lib/flash.ts';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { answerApiCalls, inTurn, type Answer, type SentCall } from '../../../test/api-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { PaymentsTable } from './payments-table.tsx';

// The payment menu's controls for who is looking, and its forms (spec 000 sections 4, 5 and 8).

const due = paymentFixture({ id: 31, due: '2099-01-05', expected_amt: 100, lock_version: 2 });
const paid = paymentFixture({
  id: 32,
  due: '2098-12-05',
  state: 'paid',
  paid: '2098-12-05T12:00:00Z',
  refundable: true,
  lock_version: 5,
});
const invalid = paymentFixture({ id: 34, due: '2099-02-05', state: 'invalid', invalid: '2098-12-01T00:00:00Z' });
const loan = loanFixture({ id: 40, payments: [paid, due] });
const ok = { message: 'Done.', loan };

// The payment calls answered, whichever is sent: the answers given in turn, then 200 with `ok`.
function answerPaymentCalls(...answers: Answer[]): SentCall[] {
  const answer = inTurn(...answers, [200, ok]);
  return answerApiCalls({ 'PATCH loans/change_payment': answer, 'PATCH loans/split_payment': answer });
}

function signInWith(permissions: Permission[]) {
  saveSession(sessionFixture({ permissions, escalation_contact: 'Dana' }));
}

async function openMenu(paymentId: number) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for payment #${paymentId}` }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

// The pickers' today (only Date is faked, so the user events' timers run).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2098-12-10T18:00:00Z'));
});

afterEach(() => {
  clearFlashes();
  vi.useRealTimers();
  clearSession();
});

describe('payment controls by permission', () => {
  it('offers an agent the controls of a due payment, and nothing on a paid one', async () => {
    signInWith([]);
    renderWithProviders(<PaymentsTable loan={loan} />);
    expect(screen.queryByRole('button', { name: 'Actions for payment #32' })).not.toBeInTheDocument();
    expect(await openMenu(31)).toEqual(['Change date…', 'Switch to debit card', 'Smaller payment…', 'Split…']);
  });

  it('offers payments.validate_any Invalidate, and payments.refund Refund on a paid refundable payment', async () => {
    signInWith(['payments.validate_any', 'payments.refund']);
    renderWithProviders(<PaymentsTable loan={loan} />);
    expect(await openMenu(31)).toContain('Invalidate…');
    await userEvent.keyboard('{Escape}');
    expect(await openMenu(32)).toEqual(['Invalidate…', 'Refund…']);
  });

  it('offers Refund only with payments.refund', async () => {
    signInWith(['payments.validate_any']);
    renderWithProviders(<PaymentsTable loan={loan} />);
    expect(await openMenu(32)).toEqual(['Invalidate…']);
  });

  it('offers Validate on an invalid payment to payments.validate_any only', async () => {
    const withInvalid = loanFixture({ id: 45, payments: [due, invalid] });
    signInWith([]);
    const { unmount } = renderWithProviders(<PaymentsTable loan={withInvalid} />);
    expect(screen.getByRole('row', { name: 'Payment #34' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for payment #34' })).not.toBeInTheDocument();
    unmount();
    clearSession();

    signInWith(['payments.validate_any']);
    const sent = answerPaymentCalls();
    renderWithProviders(<PaymentsTable loan={withInvalid} />);
    expect(await openMenu(34)).toEqual(['Validate']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Validate' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('loans/change_payment'),
      body: { payment: { id: 34, action: 'toggle_valid', lock_version: 0 } },
    });
  });

  it('lets an agent invalidate an early repayment when the loan has one payment more than its installments', async () => {
    signInWith([]);
    const payoff = paymentFixture({ id: 35, due: '2099-01-20', type: 'EarlyRepayment', lock_version: 3 });
    const installments = Array.from({ length: 6 }, (_, index) =>
      paymentFixture({ id: 60 + index, due: `2098-0${index + 1}-05`, state: 'paid', paid: '2098-01-05' }),
    );
    const sent = answerPaymentCalls();
    renderWithProviders(<PaymentsTable loan={loanFixture({ id: 46, payments: [...installments, payoff] })} />);
    expect(await openMenu(35)).toContain('Invalidate…');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Invalidate…' }));
    // Nothing is sent before the agent confirms.
    const confirm = await screen.findByRole('button', { name: 'Invalidate' });
    expect(sent).toEqual([]);
    await userEvent.click(confirm);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ payment: { id: 35, action: 'toggle_valid', lock_version: 3 } });
  });

  it('switches the method through change_payment with the lock_version', async () => {
    signInWith([]);
    const sent = answerPaymentCalls();
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(31);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Switch to debit card' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('loans/change_payment'),
      method: 'PATCH',
      body: { payment: { id: 31, action: 'toggle_method', lock_version: 2 } },
    });
  });
});

describe('the switch back to ACH after a high-risk return', () => {
  const risky = loanFixture({
    id: 41,
    high_risk_return: { code: 'R07', title: 'Authorization Revoked by Customer', date: '2098-11-02' },
    payments: [paymentFixture({ id: 33, due: '2099-01-05', method: 'debit' })],
  });

  it('shows disabled, with the reason, to an agent', async () => {
    signInWith([]);
    renderWithProviders(<PaymentsTable loan={risky} />);
    await openMenu(33);
    const blocked = screen.getByRole('menuitem', { name: /Switch to ACH/ });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveTextContent(
      'R07 return (Authorization Revoked by Customer) on Nov 2, 2098: only a payments admin can switch back to ACH.',
    );
  });

  it('is open to a payments admin', async () => {
    signInWith(['payments.validate_any']);
    renderWithProviders(<PaymentsTable loan={risky} />);
    await openMenu(33);
    const item = screen.getByRole('menuitem', { name: 'Switch to ACH' });
    expect(item).toBeEnabled();
    expect(item).not.toHaveTextContent('only a payments admin');
  });
});

describe('split', () => {
  async function openSplit() {
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(31);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Split…' }));
    return screen.findByRole('textbox', { name: /Split amount/ });
  }

  it.each(['100', '150', '0'])('refuses %s of a $100.00 payment before calling the server', async (typed) => {
    signInWith([]);
    const sent = answerPaymentCalls();
    await userEvent.type(await openSplit(), typed);
    expect(await screen.findByText('Enter an amount more than $0.00 and less than $100.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Split payment' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('sends the amount, the default date (two weeks after the due date) and the lock_version; closes on success', async () => {
    signInWith([]);
    const sent = answerPaymentCalls();
    await userEvent.type(await openSplit(), '40');
    expect(screen.getByText(/^\$60\.00 stays due Jan 5, 2099; \$40\.00 due Jan 19, 2099\.$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      url: expect.stringContaining('loans/split_payment'),
      body: { loan_id: 40, payment_id: 31, size: 40, date: '2099-01-19', lock_version: 2 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a Warning, with its dates as the screens write them, and one primary button that resubmits with warning_accepted', async () => {
    signInWith([]);
    const warning = 'Warning: the new date 2099-01-19 is after the next payment (2099-01-10). Confirm to split anyway.';
    const split = {
      message: 'Payment 31 is split: $60.00 stays due 2099-01-05; $40.00 is now payment 35 due 2099-01-19.',
      loan,
    };
    const sent = answerPaymentCalls([409, { errors: [warning] }], [200, split]);
    await userEvent.type(await openSplit(), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(
      await screen.findByText(
        'Warning: the new date Jan 19, 2099 is after the next payment (Jan 10, 2099). Confirm to split anyway.',
      ),
    ).toBeInTheDocument();
    // The warning is the form's to show, not an error.
    expect(screen.queryByText(/The following error occured/)).not.toBeInTheDocument();
    // One primary action: the confirmation takes the place of 'Split payment'.
    expect(screen.queryByRole('button', { name: 'Split payment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm split' }));
    await waitFor(() => expect(sent.filter((call) => call.url.includes('split_payment'))).toHaveLength(2));
    const splits = sent.filter((call) => call.url.includes('split_payment'));
    expect(splits[0]!.body).not.toHaveProperty('warning_accepted');
    expect(splits[1]!.body).toMatchObject({ payment_id: 31, size: 40, lock_version: 2, warning_accepted: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Confirmed in a notification, as every payment action is.
    expect(readFlashes().map((entry) => [entry.type, entry.message])).toEqual([
      ['success', 'Payment 31 is split: $60.00 stays due Jan 5, 2099; $40.00 is now payment 35 due Jan 19, 2099.'],
    ]);
  });

  it("shows any other refusal as 'The following error occured: ...'", async () => {
    signInWith([]);
    answerPaymentCalls([422, { errors: ["The split amount must be less than the payment's $100.00."] }]);
    await userEvent.type(await openSplit(), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(
      await screen.findByText("The following error occured: The split amount must be less than the payment's $100.00."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm split' })).not.toBeInTheDocument();
  });
});

describe('refund', () => {
  async function refund() {
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(32);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Refund…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund $120.50' }));
  }

  it('asks first, in words, then sends the refund with the lock_version', async () => {
    signInWith(['payments.refund']);
    const sent = answerPaymentCalls();
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(32);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Refund…' }));
    expect(
      await screen.findByText("Refund $120.50 paid Dec 5, 2098 to the customer's bank account (ACH)?"),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Refund $120.50' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ payment: { id: 32, action: 'refund', lock_version: 5 } });
  });

  it("names the escalation contact on a server error: '500 Error. Let Dana know.'", async () => {
    signInWith(['payments.refund']);
    answerPaymentCalls([500, { errors: ['Something went wrong on our side.'] }]);
    await refund();
    const dialog = await screen.findByRole('dialog', { name: 'Refund failed' });
    expect(within(dialog).getByText('500 Error. Let Dana know.')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong on our side.')).not.toBeInTheDocument();
  });

  it('shows the first server error of any other refusal in a modal', async () => {
    signInWith(['payments.refund']);
    answerPaymentCalls([409, { errors: ['Payment 32 was already refunded on 2098-12-06.', 'second'] }]);
    await refund();
    const dialog = await screen.findByRole('dialog', { name: 'Refund failed' });
    expect(within(dialog).getByText('Payment 32 was already refunded on 2098-12-06.')).toBeInTheDocument();
    expect(within(dialog).queryByText(/second/)).not.toBeInTheDocument();
  });

  it('keeps the failure in view when the refresh after it takes the Refund control away', async () => {
    signInWith(['payments.refund']);
    answerPaymentCalls([409, { errors: ['Payment 32 was already refunded on 2098-12-06.'] }]);
    let refresh: (next: LoanInfo) => void = () => {};
    // The screen's refresh, as the loan card gets it: the same table with the new loan.
    function Screen() {
      const [shown, setShown] = useState(loan);
      refresh = setShown;
      return <PaymentsTable loan={shown} />;
    }
    renderWithProviders(<Screen />);
    await openMenu(32);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Refund…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund $120.50' }));
    await screen.findByRole('dialog', { name: 'Refund failed' });
    const refunded = { ...paid, refundable: false, refunded: '2098-12-06T00:00:00Z' };
    act(() => refresh(loanFixture({ id: 40, payments: [refunded, due] })));
    expect(screen.queryByRole('button', { name: 'Actions for payment #32' })).not.toBeInTheDocument();
    expect(screen.getByText('Payment 32 was already refunded on 2098-12-06.')).toBeInTheDocument();
  });
});
