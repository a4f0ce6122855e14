import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoanInfo, Permission } from '@portal/contracts';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { CustomPaymentsButton } from './custom-payments-button.tsx';
import { PaymentsTable } from './payments-table.tsx';

// The payment list's controls for who is looking (spec 000 sections 4 and 8).

const due = paymentFixture({ id: 31, due: '2099-01-05', expected_amt: 100, lock_version: 2 });
const paid = paymentFixture({
  id: 32,
  due: '2098-12-05',
  state: 'paid',
  paid: '2098-12-05T12:00:00Z',
  refundable: true,
});
const loan = loanFixture({ id: 40, payments: [paid, due] });

function signInWith(permissions: Permission[]) {
  saveSession(sessionFixture({ permissions, escalation_contact: 'Dana' }));
}

async function openMenu(paymentId: number) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for payment #${paymentId}` }));
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
}

let sent: Array<{ url: string; body: unknown }> = [];
function answer(...responses: Array<[number, unknown]>) {
  sent = [];
  const queue = [...responses];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      sent.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null });
      const [status, body] = queue.shift() ?? [200, { message: 'ok', loan }];
      return jsonResponse(body, status);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('payment controls by permission', () => {
  it('offers an agent no refund, no invalidate', async () => {
    signInWith([]);
    renderWithProviders(<PaymentsTable loan={loan} />);
    expect(screen.queryByRole('button', { name: 'Actions for payment #32' })).not.toBeInTheDocument();
    expect(await openMenu(31)).toEqual(['Change date…', 'Switch to debit card', 'Smaller payment…', 'Split…']);
  });

  it('offers a payments admin Invalidate, and refund staff Refund on a paid refundable payment', async () => {
    signInWith(['payments.validate_any', 'payments.refund']);
    renderWithProviders(<PaymentsTable loan={loan} />);
    expect(await openMenu(31)).toContain('Invalidate…');
    await userEvent.keyboard('{Escape}');
    expect(await openMenu(32)).toEqual(['Invalidate…', 'Refund…']);
  });

  it('shows the switch back to ACH disabled, with the reason, after a high-risk return', async () => {
    signInWith([]);
    const risky = loanFixture({
      id: 41,
      high_risk_return: { code: 'R07', title: 'Authorization Revoked by Customer', date: '2098-11-02' },
      payments: [paymentFixture({ id: 33, due: '2099-01-05', method: 'debit' })],
    });
    renderWithProviders(<PaymentsTable loan={risky} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for payment #33' }));
    const blocked = await screen.findByRole('menuitem', { name: /Switch to ACH/ });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveTextContent('only a payments admin can switch back to ACH');
  });
});

describe('split', () => {
  async function openSplit() {
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(31);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Split…' }));
    return screen.findByRole('textbox', { name: /Split amount/ });
  }

  it('refuses an amount as large as the payment before calling the server', async () => {
    signInWith([]);
    answer();
    await userEvent.type(await openSplit(), '100');
    expect(await screen.findByText('Enter an amount more than $0.00 and less than $100.00.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Split payment' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('shows a Warning with a confirm button that resubmits with warning_accepted', async () => {
    signInWith([]);
    answer(
      [409, { errors: ['Warning: the new date is after the next payment. Confirm to split anyway.'] }],
      [200, { message: 'Split.', loan }],
    );
    await userEvent.type(await openSplit(), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(await screen.findByText(/^Warning: the new date/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm split' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.body).toMatchObject({ loan_id: 40, payment_id: 31, size: 40, lock_version: 2 });
    expect(sent[0]!.body).not.toHaveProperty('warning_accepted');
    expect(sent[1]!.body).toMatchObject({ warning_accepted: true });
  });

  it("shows any other refusal as 'The following error occured: ...'", async () => {
    signInWith([]);
    answer([409, { errors: ['Payment 31 is already paid, so it cannot be changed.'] }]);
    await userEvent.type(await openSplit(), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Split payment' }));
    expect(
      await screen.findByText('The following error occured: Payment 31 is already paid, so it cannot be changed.'),
    ).toBeInTheDocument();
  });
});

describe('refund', () => {
  async function refund() {
    renderWithProviders(<PaymentsTable loan={loan} />);
    await openMenu(32);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Refund…' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Refund $120.50' }));
  }

  it("names the escalation contact on a server error: '500 Error. Let Dana know.'", async () => {
    signInWith(['payments.refund']);
    answer([500, { errors: ['Something went wrong on our side.'] }]);
    await refund();
    expect(await screen.findByText('500 Error. Let Dana know.')).toBeInTheDocument();
  });

  it('shows the first server error of any other refusal', async () => {
    signInWith(['payments.refund']);
    answer([409, { errors: ['Payment 32 was already refunded on 2098-12-06.', 'second'] }]);
    await refund();
    const dialog = await screen.findByRole('dialog', { name: 'Refund failed' });
    expect(within(dialog).getByText('Payment 32 was already refunded on 2098-12-06.')).toBeInTheDocument();
  });
});

describe('CustomPaymentsButton', () => {
  it("says 'Loan {id} has no upcoming payments' when nothing is due", async () => {
    renderWithProviders(<CustomPaymentsButton loan={loanFixture({ id: 42, payments: [paid] })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Custom payments…' }));
    expect(await screen.findByText('Loan 42 has no upcoming payments')).toBeInTheDocument();
  });

  it('previews a schedule that adds up to the upcoming payments, the last one taking the rest', async () => {
    const upcoming: LoanInfo['payments'] = [
      paymentFixture({ id: 51, due: '2099-01-05', expected_amt: 100 }),
      paymentFixture({ id: 52, due: '2099-02-05', expected_amt: 100 }),
    ];
    renderWithProviders(<CustomPaymentsButton loan={loanFixture({ id: 43, payments: upcoming })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Custom payments…' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Amount of each payment' }), '75');
    expect(await screen.findByText(/^3 monthly payments from .*; the last one \$50\.00\.$/)).toBeInTheDocument();
  });

  it('is not offered on a loan that is not being repaid (its funding came back)', () => {
    const returned = loanFixture({ id: 44, funding_returned: '2026-01-06T00:00:00Z' });
    renderWithProviders(<CustomPaymentsButton loan={returned} />);
    expect(screen.queryByRole('button', { name: 'Custom payments…' })).not.toBeInTheDocument();
  });
});
