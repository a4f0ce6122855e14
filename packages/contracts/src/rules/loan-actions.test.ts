import { describe, expect, it } from 'vitest';
import {
  canAppeal,
  canApproveManually,
  canCancelLoan,
  canClearAlert,
  canConfirmCreditBuilder,
  canDecide,
  canReopenLoan,
  canSendManualDenial,
  canSettle,
  loanActions,
  showsAchToggle,
  type LoanActionSubject,
} from './loan-actions.ts';

// The loan card's buttons (spec 000 section 4), rule by rule.

const T = '2026-01-01T00:00:00Z';
const statements = (count: number) => Array.from({ length: count }, (_, index) => index);

function loan(overrides: Partial<LoanActionSubject> = {}): LoanActionSubject {
  return {
    id: 1,
    type: 'standard',
    approved: null,
    accepted: null,
    funded: null,
    funding_returned: null,
    denied: null,
    closed_at: null,
    paid_off: null,
    deny_reason: null,
    denial_sent: null,
    stage3: false,
    manuals: false,
    fraud_alert: false,
    settlement_min: null,
    maturity: null,
    statements: [],
    payments: [],
    ...overrides,
  };
}

describe('canDecide (Approve and Deny)', () => {
  it.each([
    ['an application', {}, true],
    ['an approved loan', { approved: T }, false],
    ['a denied loan', { denied: T }, false],
    ['a closed application', { closed_at: T }, false],
  ])('%s: %s', (_, overrides, expected) => expect(canDecide(loan(overrides))).toBe(expected));
});

describe('canCancelLoan (Cancel, Sure?)', () => {
  it.each([
    ['an application', {}, true],
    ['an offer not yet accepted', { approved: T }, true],
    ['a funded loan', { approved: T, funded: T }, false],
    ['a closed loan', { closed_at: T }, false],
  ])('%s', (_, overrides, expected) => expect(canCancelLoan(loan(overrides))).toBe(expected));
});

describe('canConfirmCreditBuilder', () => {
  it.each([
    ['a Credit Builder application', { type: 'CreditBuilder' as const }, true],
    ['a standard application', {}, false],
    ['a Fig 36 application', { type: 'CommunityLoan' as const }, false],
    ['an approved Credit Builder loan', { type: 'CreditBuilder' as const, approved: T }, false],
    ['a denied Credit Builder loan', { type: 'CreditBuilder' as const, denied: T }, false],
    ['a closed Credit Builder loan', { type: 'CreditBuilder' as const, closed_at: T }, false],
  ])('%s', (_, overrides, expected) => expect(canConfirmCreditBuilder(loan(overrides))).toBe(expected));
});

describe('showsAchToggle and canClearAlert', () => {
  it('shows the ACH toggle on an approved loan only', () => {
    expect(showsAchToggle(loan({ approved: T }))).toBe(true);
    expect(showsAchToggle(loan())).toBe(false);
  });
  it('offers Clear Alert on a fraud alert of a loan not approved', () => {
    expect(canClearAlert(loan({ fraud_alert: true }))).toBe(true);
    expect(canClearAlert(loan({ fraud_alert: true, approved: T }))).toBe(false);
    expect(canClearAlert(loan())).toBe(false);
  });
});

describe('canSendManualDenial and canApproveManually', () => {
  it.each([
    ['3 statements, not approved', { statements: statements(3) }, true, true],
    ['2 statements', { statements: statements(2) }, false, false],
    ['approved', { statements: statements(3), approved: T }, false, false],
    ['denial already sent', { statements: statements(3), denial_sent: T }, false, false],
    ['in stage 3', { statements: statements(3), stage3: true }, false, false],
    ['in stage 3, sent to manuals', { statements: statements(3), stage3: true, manuals: true }, true, true],
    ['denied at stage 3', { statements: statements(4), deny_reason: 'stage_3' }, true, false],
  ])('%s: denial %s, approval %s', (_, overrides, denial, approval) => {
    expect(canSendManualDenial(loan(overrides))).toBe(denial);
    expect(canApproveManually(loan(overrides))).toBe(approval);
  });
});

describe('canReopenLoan and canAppeal (the latest loan only)', () => {
  const closedOffer = loan({ id: 5, approved: T, closed_at: T });
  it('reopens the latest approved loan closed before funding', () => {
    expect(canReopenLoan(closedOffer, { id: 5 })).toBe(true);
    expect(canReopenLoan(closedOffer, { id: 6 })).toBe(false);
    expect(canReopenLoan({ ...closedOffer, funded: T }, { id: 5 })).toBe(false);
    expect(canReopenLoan({ ...closedOffer, denied: T }, { id: 5 })).toBe(false);
    expect(canReopenLoan({ ...closedOffer, approved: null }, { id: 5 })).toBe(false);
  });
  it('appeals the latest denied loan', () => {
    expect(canAppeal(loan({ id: 5, denied: T }), { id: 5 })).toBe(true);
    expect(canAppeal(loan({ id: 5, denied: T }), { id: 6 })).toBe(false);
    expect(canAppeal(loan({ id: 5 }), { id: 5 })).toBe(false);
  });
});

describe('canSettle', () => {
  const matured = loan({ approved: T, accepted: T, funded: T, settlement_min: 200, maturity: '2026-06-01' });
  it.each([
    ['a matured loan with a minimum', matured, true],
    ['no settlement minimum', { ...matured, settlement_min: null }, false],
    ['maturity today', { ...matured, maturity: '2026-11-21' }, false],
    ['not matured', { ...matured, maturity: '2027-01-01' }, false],
    ['a payment processing', { ...matured, payments: [{ state: 'processing' as const }] }, false],
    ['paid off', { ...matured, paid_off: T }, false],
    ['funding returned', { ...matured, funding_returned: T }, false],
  ])('%s', (_, subject, expected) => expect(canSettle(subject, '2026-11-21')).toBe(expected));
});

describe('loanActions', () => {
  it('lists an application’s buttons in the card’s order', () => {
    expect(loanActions(loan({ fraud_alert: true, statements: statements(3) }), { id: 1 }, '2026-11-21')).toEqual([
      'approve',
      'deny',
      'manual-approval',
      'manual-denial',
      'clear-alert',
      'cancel',
    ]);
  });
  it('lists an active loan’s buttons', () => {
    const active = loan({ approved: T, accepted: T, funded: T });
    expect(loanActions(active, { id: 1 }, '2026-11-21')).toEqual(['ach-toggle', 'payoff', 'credit']);
  });
});
