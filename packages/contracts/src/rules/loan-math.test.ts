import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accruedInterestCents,
  payoffBalanceCents,
  payoffBreakdownCents,
  remainingPrincipalCents,
} from './loan-math.ts';

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

describe('payoffBreakdownCents', () => {
  const day = fc
    .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));

  it('is principal + interest to the date + fees - credits, to the cent, never below nothing, for any loan', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 5_000_000 }),
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 1, max: 36 }),
        fc.integer({ min: 0, max: 36 }),
        day,
        day,
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (principalCents, aprBasisPoints, installmentCount, paid, from, asOf, feesCents, creditedCents) => {
          const input = {
            principalCents,
            aprBasisPoints,
            installmentCount,
            paidInstallments: Math.min(paid, installmentCount),
            interestFrom: from,
            asOf,
            feesCents,
            creditedCents,
          };
          const parts = payoffBreakdownCents(input);
          const owed = parts.principalCents + parts.interestCents + parts.feesCents;
          return (
            [parts.principalCents, parts.interestCents, parts.totalCents].every(Number.isSafeInteger) &&
            parts.totalCents === owed - parts.creditsCents &&
            parts.totalCents >= 0 &&
            parts.creditsCents === Math.min(creditedCents, owed) &&
            parts.principalCents + parts.interestCents === payoffBalanceCents(input) &&
            (asOf > from || parts.interestCents === 0)
          );
        },
      ),
    );
  });

  it('counts actual days over 365: $1,000.00 at 36.5% for 10 days is $10.00', () => {
    expect(accruedInterestCents(100_000, 3650, '2026-03-01', '2026-03-11')).toBe(1_000);
    const parts = payoffBreakdownCents({
      principalCents: 100_000,
      aprBasisPoints: 3650,
      installmentCount: 12,
      paidInstallments: 0,
      interestFrom: '2026-03-01',
      asOf: '2026-03-11',
      feesCents: 1_500,
      creditedCents: 2_000,
    });
    expect(parts).toEqual({
      principalCents: 100_000,
      interestCents: 1_000,
      feesCents: 1_500,
      creditsCents: 2_000,
      totalCents: 100_500,
    });
  });
});
