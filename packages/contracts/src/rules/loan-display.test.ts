import { describe, expect, it } from 'vitest';
import { aprLabel, loanDisplayLabel, loanDisplayStatus, loanTypeLabel, type LoanTimestamps } from './loan-display.ts';

const T = '2026-10-01T17:00:00Z';
const loan = (overrides: Partial<LoanTimestamps>): LoanTimestamps => ({
  approved: null,
  accepted: null,
  funded: null,
  denied: null,
  closed_at: null,
  paid_off: null,
  ...overrides,
});

describe('loanDisplayStatus (first match wins)', () => {
  it('is DENIED for a denied loan, whatever else is set', () => {
    expect(loanDisplayStatus(loan({ denied: T, closed_at: T }))).toBe('DENIED');
  });
  it('is PAID OFF before ACTIVE', () => {
    expect(loanDisplayStatus(loan({ approved: T, accepted: T, funded: T, paid_off: T }))).toBe('PAID OFF');
  });
  it('is ACTIVE when funded', () => {
    expect(loanDisplayStatus(loan({ approved: T, accepted: T, funded: T }))).toBe('ACTIVE');
  });
  it('is ACTIVE before CLOSED/CANCELLED when a funded loan has a close date', () => {
    expect(loanDisplayStatus(loan({ approved: T, accepted: T, funded: T, closed_at: T }))).toBe('ACTIVE');
  });
  it('is CLOSED/CANCELLED when closed and not funded', () => {
    expect(loanDisplayStatus(loan({ approved: T, accepted: T, closed_at: T }))).toBe('CLOSED/CANCELLED');
  });
  it('is ACCEPTED when accepted and not funded', () => {
    expect(loanDisplayStatus(loan({ approved: T, accepted: T }))).toBe('ACCEPTED');
  });
  it('is APPROVED when approved only', () => {
    expect(loanDisplayStatus(loan({ approved: T }))).toBe('APPROVED');
  });
  it('is APPLIED otherwise', () => {
    expect(loanDisplayStatus(loan({}))).toBe('APPLIED');
  });
});

describe('loanDisplayLabel', () => {
  it("says 'Approved - Not Accepted' for an approved loan that was not accepted", () => {
    expect(loanDisplayLabel(loan({ approved: T }))).toBe('Approved - Not Accepted');
  });
  it('uses the status for everything else', () => {
    expect(loanDisplayLabel(loan({ approved: T, accepted: T }))).toBe('ACCEPTED');
  });
});

describe('labels', () => {
  it('names the loan types as the spec does', () => {
    expect(loanTypeLabel('CreditBuilder')).toBe('Credit Builder');
    expect(loanTypeLabel('CommunityLoan')).toBe('Fig 36');
    expect(loanTypeLabel('standard')).toBe('Standard Loan');
  });
  it('rounds the APR to a whole percent', () => {
    expect(aprLabel(35.99)).toBe('36%');
    expect(aprLabel(18.4)).toBe('18%');
  });
});
