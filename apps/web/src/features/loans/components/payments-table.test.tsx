import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sessionFixture } from '../../../test/session-fixture.ts';
import { loanFixture, paymentFixture } from '../../../test/ticket-fixtures.ts';
import { PaymentsTable } from './payments-table.tsx';

// What each row says of its payment: refunded, returns with their NACHA code and title, the kind.

afterEach(() => clearSession());

function row(id: number) {
  return within(screen.getByRole('row', { name: `Payment #${id}` }));
}

describe('PaymentsTable', () => {
  it('marks a refunded payment, and only that one', () => {
    saveSession(sessionFixture());
    const refunded = paymentFixture({
      id: 71,
      due: '2098-10-05',
      state: 'paid',
      paid: '2098-10-05T12:00:00Z',
      refunded: '2098-10-09T12:00:00Z',
    });
    const kept = paymentFixture({ id: 72, due: '2098-11-05', state: 'paid', paid: '2098-11-05T12:00:00Z' });
    const upcoming = paymentFixture({ id: 73, due: '2099-01-05' });
    renderWithProviders(<PaymentsTable loan={loanFixture({ payments: [refunded, kept, upcoming] })} />);
    expect(row(71).getByText('Refunded')).toBeInTheDocument();
    expect(row(72).queryByText('Refunded')).not.toBeInTheDocument();
  });

  it('shows each return with its code, title and date, a high-risk one in red', () => {
    saveSession(sessionFixture());
    const bounced = paymentFixture({
      id: 74,
      due: '2099-01-05',
      bounce_fee: 15,
      bounces: [
        {
          code: 'R01',
          title: 'Insufficient Funds',
          date: '2098-10-02',
          high_risk: false,
          amount: 120.5,
          fee: 15,
          fee_waived: false,
        },
        {
          code: 'R07',
          title: 'Authorization Revoked by Customer',
          date: '2098-11-03',
          high_risk: true,
          amount: 120.5,
          fee: 15,
          fee_waived: false,
        },
      ],
    });
    renderWithProviders(<PaymentsTable loan={loanFixture({ payments: [bounced] })} />);
    const risky = row(74).getByText('R07 Authorization Revoked by Customer on Nov 3, 2098');
    const plain = row(74).getByText('R01 Insufficient Funds on Oct 2, 2098');
    // The colour as the text's inline style sets it: happy-dom's computed colour is the var()
    // resolved (#b93030), so it is checked by the theme variable the component uses.
    expect(risky.style.color).toBe('var(--mantine-color-red-7)');
    expect(plain.style.color).not.toBe('var(--mantine-color-red-7)');
  });

  it.each([
    ['Custom', 'Custom'],
    ['Settlement', 'Settlement'],
    ['EarlyRepayment', 'Payoff'],
  ])('labels a %s payment %s', (type, label) => {
    saveSession(sessionFixture());
    renderWithProviders(
      <PaymentsTable
        loan={loanFixture({
          payments: [
            paymentFixture({ id: 75, due: '2099-01-05', type }),
            paymentFixture({ id: 76, due: '2099-02-05' }),
          ],
        })}
      />,
    );
    expect(row(75).getByText(label)).toBeInTheDocument();
    expect(row(76).queryByText(label)).not.toBeInTheDocument();
  });
});
