import { describe, expect, it } from 'vitest';
import { isActiveByMilestones, type LoanMilestones } from './active-loan.ts';
import { loanDisplayStatus } from './loan-display.ts';

const funded: LoanMilestones = { funded: true, fundingReturned: false, denied: false, paidOff: false, closed: false };

describe('isActiveByMilestones', () => {
  it('is true for a funded loan nothing else happened to', () => {
    expect(isActiveByMilestones(funded)).toBe(true);
  });
  it('is false before the loan is funded', () => {
    expect(isActiveByMilestones({ ...funded, funded: false })).toBe(false);
  });
  it('is false once the funding came back', () => {
    expect(isActiveByMilestones({ ...funded, fundingReturned: true })).toBe(false);
  });
  it('is false for a denied loan, even with a funding date', () => {
    expect(isActiveByMilestones({ ...funded, denied: true })).toBe(false);
  });
  it('is false once paid off', () => {
    expect(isActiveByMilestones({ ...funded, paidOff: true })).toBe(false);
  });
  it('is false once closed', () => {
    expect(isActiveByMilestones({ ...funded, closed: true })).toBe(false);
  });
  it('holds for exactly one of the 32 combinations', () => {
    const keys = Object.keys(funded) as (keyof LoanMilestones)[];
    const active = Array.from({ length: 2 ** keys.length }, (_, bits) =>
      Object.fromEntries(keys.map((key, index) => [key, (bits & (1 << index)) !== 0])),
    ).filter((loan) => isActiveByMilestones(loan as LoanMilestones));
    expect(active).toEqual([funded]);
  });
});

describe('the display status is not the active rule', () => {
  it('labels a loan whose funding came back ACTIVE (funded), though it is not active', () => {
    const timestamps = { approved: 'x', accepted: 'x', funded: 'x', denied: null, closed_at: null, paid_off: null };
    expect(loanDisplayStatus(timestamps)).toBe('ACTIVE');
    expect(isActiveByMilestones({ ...funded, fundingReturned: true })).toBe(false);
  });
});
