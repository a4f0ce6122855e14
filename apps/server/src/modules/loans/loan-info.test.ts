import { describe, expect, it } from 'vitest';
import { payoffBalanceCents } from '@portal/contracts';
import { payoffCentsToday, toLoanInfo, type LoanInfoContext, type LoanWithPayments } from './loan-info.ts';
import { isActiveLoan, paymentState } from './loan-state.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

const at = (iso: string) => new Date(iso);
const context: LoanInfoContext = { today: '2026-11-21', timeZone: 'America/Los_Angeles', eligibleMethods: ['ach'] };

function loanRecord(overrides: Partial<LoanRecord> = {}): LoanRecord {
  return {
    id: 7,
    customerId: 3,
    type: 'standard',
    appliedAt: at('2026-09-01T16:00:00Z'),
    approvedAt: at('2026-09-02T16:00:00Z'),
    acceptedAt: at('2026-09-03T16:00:00Z'),
    // 2026-09-05 in Los Angeles.
    fundedAt: at('2026-09-06T02:00:00Z'),
    fundingReturnedAt: null,
    deniedAt: null,
    denyReason: null,
    denialSentAt: null,
    closedAt: null,
    paidOffAt: null,
    maturity: '2027-09-05',
    appliedAmountCents: 120_000,
    cashAdvancedCents: 100_000,
    installmentCount: 12,
    aprBasisPoints: 3600,
    approvalCode: 'A1',
    autoDebit: true,
    fundingMethod: 'ach',
    settlementMinCents: null,
    amountCreditedCents: 0,
    experiment: null,
    stage3: false,
    manuals: false,
    uploadOpen: false,
    approvedAmountCents: null,
    appealedAt: null,
    alertClearedAt: null,
    lockVersion: 0,
    createdAt: at('2026-09-01T16:00:00Z'),
    ...overrides,
  };
}

function paymentRecord(overrides: Partial<PaymentRecord> = {}): PaymentRecord {
  return {
    id: 70,
    loanId: 7,
    type: 'Installment',
    expectedAmountCents: 9_900,
    due: '2026-10-05',
    originalDue: '2026-10-05',
    method: 'ach',
    paidAt: null,
    processingAt: null,
    presentedAt: null,
    invalidAt: null,
    bounceFeeCents: 0,
    userInitiated: false,
    refundable: false,
    refundedAt: null,
    representsPaymentId: null,
    lockVersion: 0,
    createdAt: at('2026-09-06T02:00:00Z'),
    ...overrides,
  };
}

const entry = (loan: LoanRecord, payments: PaymentRecord[] = []): LoanWithPayments => ({
  loan,
  payments: payments.map((payment) => ({ payment, bounces: [] })),
  comments: [],
  statements: [],
  debitStop: null,
});

describe('paymentState', () => {
  it('reads invalid before paid, paid before processing, and due otherwise', () => {
    const time = at('2026-10-05T12:00:00Z');
    expect(paymentState({ paidAt: time, processingAt: time, invalidAt: time })).toBe('invalid');
    expect(paymentState({ paidAt: time, processingAt: time, invalidAt: null })).toBe('paid');
    expect(paymentState({ paidAt: null, processingAt: time, invalidAt: null })).toBe('processing');
    expect(paymentState({ paidAt: null, processingAt: null, invalidAt: null })).toBe('due');
  });
});

describe('isActiveLoan', () => {
  it('is a funded loan not paid off, not returned and not denied', () => {
    expect(isActiveLoan(loanRecord())).toBe(true);
    expect(isActiveLoan(loanRecord({ fundedAt: null }))).toBe(false);
    expect(isActiveLoan(loanRecord({ paidOffAt: at('2026-11-01T00:00:00Z') }))).toBe(false);
    expect(isActiveLoan(loanRecord({ fundingReturnedAt: at('2026-09-08T00:00:00Z') }))).toBe(false);
    expect(isActiveLoan(loanRecord({ deniedAt: at('2026-09-07T00:00:00Z') }))).toBe(false);
  });
});

describe('payoffCentsToday', () => {
  it('is the schedule balance plus interest since the last collected installment (paid or processing)', () => {
    const paid = paymentRecord({ id: 70, due: '2026-10-05', paidAt: at('2026-10-05T12:00:00Z') });
    const processing = paymentRecord({ id: 71, due: '2026-11-05', processingAt: at('2026-11-05T12:00:00Z') });
    // Cancelled: no longer counts, whatever it was before.
    const invalid = paymentRecord({
      id: 72,
      due: '2026-12-05',
      paidAt: at('2026-11-06T12:00:00Z'),
      invalidAt: at('2026-11-07T12:00:00Z'),
    });
    const expected = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3600,
      installmentCount: 12,
      paidInstallments: 2,
      interestFrom: '2026-11-05',
      asOf: '2026-11-21',
    });
    expect(payoffCentsToday(entry(loanRecord(), [paid, processing, invalid]), context)).toBe(expected);
  });

  it('runs interest from the funding date in the business time zone before any collection', () => {
    const expected = payoffBalanceCents({
      principalCents: 100_000,
      aprBasisPoints: 3600,
      installmentCount: 12,
      paidInstallments: 0,
      interestFrom: '2026-09-05',
      asOf: '2026-11-21',
    });
    expect(payoffCentsToday(entry(loanRecord(), [paymentRecord()]), context)).toBe(expected);
  });

  it('is nothing on a loan that is not active: a denied loan owes nothing even with a funding date', () => {
    expect(payoffCentsToday(entry(loanRecord({ deniedAt: at('2026-09-07T00:00:00Z') })), context)).toBe(0);
    expect(payoffCentsToday(entry(loanRecord({ fundedAt: null })), context)).toBe(0);
    expect(payoffCentsToday(entry(loanRecord({ paidOffAt: at('2026-11-01T00:00:00Z') })), context)).toBe(0);
  });
});

describe('toLoanInfo', () => {
  it('carries the loan, its payments and the payoff on the wire, in dollars', () => {
    const info = toLoanInfo(entry(loanRecord(), [paymentRecord({ bounceFeeCents: 1500 })]), context);
    expect(info).toMatchObject({
      id: 7,
      display_status: 'ACTIVE',
      cash_advanced: 1000,
      applied_amt: 1200,
      apr: 36,
      eligible_payment_methods: ['ach'],
      funded: '2026-09-06T02:00:00.000Z',
      payments: [{ id: 70, expected_amt: 99, state: 'due', bounce_fee: 15, bounces: [] }],
    });
    expect(info.payoff_balance).toBeGreaterThan(1000);
  });

  it('shows a denied loan with no payoff balance', () => {
    const info = toLoanInfo(entry(loanRecord({ deniedAt: at('2026-09-07T00:00:00Z'), denyReason: 'Income' })), context);
    expect(info).toMatchObject({ display_status: 'DENIED', payoff_balance: 0, deny_reason: 'Income' });
  });
});
