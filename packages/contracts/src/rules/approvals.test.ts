import { describe, expect, it } from 'vitest';
import { approvalSummary, DEFAULT_APPROVAL_THRESHOLDS, needsApproval, parseApprovalThresholds } from './approvals.ts';

describe('parseApprovalThresholds', () => {
  it('reads dollars, on and off per action; an action not named never waits', () => {
    expect(parseApprovalThresholds(DEFAULT_APPROVAL_THRESHOLDS)).toEqual({
      refund: 0,
      credit: 0,
      settlement: null,
      invalidate: null,
      ssn_change: null,
    });
    expect(parseApprovalThresholds('refund = 250.50, settlement=on, ssn_change=on, credit=off')).toEqual({
      refund: 25050,
      credit: null,
      settlement: 0,
      invalidate: null,
      ssn_change: 0,
    });
    expect(parseApprovalThresholds('')).toMatchObject({ refund: null, credit: null });
  });

  it('refuses what it cannot read', () => {
    for (const text of ['refund', 'refund=-1', 'refund=1.234', 'payout=5', 'refund=5;credit=5'])
      expect(parseApprovalThresholds(text), text).toBeNull();
  });
});

describe('needsApproval', () => {
  const thresholds = parseApprovalThresholds('refund=0,credit=100,ssn_change=on')!;

  it('makes an action over its threshold wait, and one at or under it go', () => {
    expect(needsApproval(thresholds, 'refund', 1)).toBe(true);
    expect(needsApproval(thresholds, 'credit', 10_000)).toBe(false);
    expect(needsApproval(thresholds, 'credit', 10_001)).toBe(true);
  });

  it('makes an action without an amount wait whenever it has a threshold, and never one without', () => {
    expect(needsApproval(thresholds, 'ssn_change', null)).toBe(true);
    expect(needsApproval(thresholds, 'settlement', 1_000_000)).toBe(false);
  });

  it('names what waits', () => {
    expect(approvalSummary('refund', 'payment 12', 15_000)).toBe('Refund of payment 12 ($150.00)');
    expect(approvalSummary('ssn_change', 'customer 4', null)).toBe('SSN change of customer 4');
  });
});
