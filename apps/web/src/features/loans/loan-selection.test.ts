import { describe, expect, it } from 'vitest';
import { loanFixture, paymentFixture } from '../../test/ticket-fixtures.ts';
import { isActiveLoan, paymentsToShow, visibleLoans } from './loan-selection.ts';

const paidOff = loanFixture({ id: 1, applied: '2024-01-01T00:00:00Z', paid_off: '2024-07-01T00:00:00Z' });
const active = loanFixture({ id: 2, applied: '2025-06-01T00:00:00Z' });
const denied = loanFixture({
  id: 3,
  applied: '2025-09-01T00:00:00Z',
  approved: null,
  accepted: null,
  funded: null,
  denied: '2025-09-02T00:00:00Z',
});
const latestApplied = loanFixture({
  id: 4,
  applied: '2026-02-01T00:00:00Z',
  approved: null,
  accepted: null,
  funded: null,
});

describe('visibleLoans', () => {
  it('shows the active loans and the latest one, newest first, until the history is asked for', () => {
    expect(visibleLoans([paidOff, active, denied, latestApplied], false).map((loan) => loan.id)).toEqual([4, 2]);
    expect(visibleLoans([paidOff, active, denied, latestApplied], true).map((loan) => loan.id)).toEqual([4, 3, 2, 1]);
  });

  it('shows the latest loan alone when none is active', () => {
    expect(visibleLoans([paidOff, denied], false).map((loan) => loan.id)).toEqual([3]);
    expect(visibleLoans([], false)).toEqual([]);
  });

  // Labelled ACTIVE (funded) on its card, but it owes nothing: not an active loan.
  it('shows a loan whose funding came back only when it is the latest or the history is asked for', () => {
    const returned = loanFixture({
      id: 5,
      applied: '2025-03-01T00:00:00Z',
      funding_returned: '2025-03-09T00:00:00Z',
    });
    expect(visibleLoans([returned, active, latestApplied], false).map((loan) => loan.id)).toEqual([4, 2]);
    expect(visibleLoans([returned, active, latestApplied], true).map((loan) => loan.id)).toEqual([4, 2, 5]);
    expect(visibleLoans([paidOff, returned], false).map((loan) => loan.id)).toEqual([5]);
  });
});

describe('isActiveLoan', () => {
  it('is the one rule: funded, and neither returned, denied, paid off nor closed', () => {
    expect(isActiveLoan(active)).toBe(true);
    expect(isActiveLoan(loanFixture({ funding_returned: '2026-01-09T00:00:00Z' }))).toBe(false);
    expect(isActiveLoan(loanFixture({ denied: '2026-01-05T00:00:00Z' }))).toBe(false);
    expect(isActiveLoan(loanFixture({ closed_at: '2026-01-05T00:00:00Z' }))).toBe(false);
    expect(isActiveLoan(paidOff)).toBe(false);
    expect(isActiveLoan(latestApplied)).toBe(false);
  });
});

describe('paymentsToShow', () => {
  const paid = (id: number) => paymentFixture({ id, state: 'paid', paid: '2026-01-01T00:00:00Z' });
  it('shows the last two settled payments, any processing and the next four due, or everything on request', () => {
    const due = [5, 6, 7, 8, 9].map((id) => paymentFixture({ id }));
    const payments = [paid(1), paid(2), paid(3), paymentFixture({ id: 4, state: 'processing' }), ...due];
    expect(paymentsToShow(payments, false).map((payment) => payment.id)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(paymentsToShow(payments, true).map((payment) => payment.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('shows them in date order, a scheduled payoff always', () => {
    const due = [5, 6, 7, 8, 9].map((id) => paymentFixture({ id, due: `2026-0${id}-01` }));
    const payoff = paymentFixture({ id: 10, due: '2026-10-15', type: 'EarlyRepayment' });
    const moved = paymentFixture({ id: 4, due: '2026-08-15', original_due: '2026-04-01' });
    expect(paymentsToShow([moved, ...due, payoff], false).map((payment) => payment.id)).toEqual([5, 6, 7, 8, 10]);
    expect(paymentsToShow([moved, ...due, payoff], true).map((payment) => payment.id)).toEqual([5, 6, 7, 8, 4, 9, 10]);
  });

  it('shows none by default once everything is settled', () => {
    expect(paymentsToShow([paid(1), paid(2)], false)).toEqual([]);
  });
});
