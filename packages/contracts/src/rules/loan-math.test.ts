import { describe, expect, it } from 'vitest';
import { payoffBalanceCents, remainingPrincipalCents } from './loan-math.ts';

const loan = { principalCents: 120_000, aprBasisPoints: 3600, installmentCount: 12 };

describe('remainingPrincipalCents', () => {
  it('is the whole principal before any payment and nothing after the last', () => {
    expect(remainingPrincipalCents({ ...loan, paidInstallments: 0 })).toBe(120_000);
    expect(remainingPrincipalCents({ ...loan, paidInstallments: 12 })).toBe(0);
  });
  it('follows the amortisation schedule (3% a month, 12 payments of $120.55)', () => {
    // Balance after one payment: 1200 * 1.03 - 120.55 = 1115.45
    expect(remainingPrincipalCents({ ...loan, paidInstallments: 1 })).toBe(111_545);
  });
  it('splits a zero-interest loan evenly', () => {
    expect(remainingPrincipalCents({ ...loan, aprBasisPoints: 0, paidInstallments: 3 })).toBe(90_000);
  });
});

describe('payoffBalanceCents', () => {
  it('adds simple daily interest from the last paid due date', () => {
    const payoff = payoffBalanceCents({ ...loan, paidInstallments: 0, interestFrom: '2026-01-01', asOf: '2026-01-31' });
    // 120000 * 0.36 * 30 / 365 = 3550.68 -> 3551
    expect(payoff).toBe(120_000 + 3551);
  });
  it('adds no interest for a date before interest starts', () => {
    expect(payoffBalanceCents({ ...loan, paidInstallments: 0, interestFrom: '2026-01-31', asOf: '2026-01-01' })).toBe(
      120_000,
    );
  });
});
