import { describe, expect, it } from 'vitest';
import { historyGrid, monthEnd, reportAccount, type ReportingLoan, type ReportingPayment } from './metro2-account.ts';

// Hand-worked loans: $600 funded on 2025-01-10, six monthly payments of $100 due on the 10th from
// February to July 2025. Each case says what the bureaus must be told, worked out by hand.

const DUES = ['2025-02-10', '2025-03-10', '2025-04-10', '2025-05-10', '2025-06-10', '2025-07-10'];
const B = (months: number) => 'B'.repeat(months);

function loanWith(paidOn: (string | null)[], changes: Partial<ReportingLoan> = {}): ReportingLoan {
  const payments: ReportingPayment[] = DUES.map((due, index) => ({
    due,
    amountCents: 10_000,
    paidOn: paidOn[index] ?? null,
    invalid: false,
  }));
  return {
    fundedOn: '2025-01-10',
    originalAmountCents: 60_000,
    paidOffOn: null,
    closedOn: null,
    payments,
    bankruptcy: null,
    disputes: [],
    // These loans carry no interest: what is owed on a day is what is still to pay. A method, so a
    // copy with other payments owes by its own.
    balanceOn(asOf) {
      return this.payments
        .filter((payment) => !payment.invalid && !(payment.paidOn !== null && payment.paidOn <= asOf))
        .reduce((sum, payment) => sum + payment.amountCents, 0);
    },
    ...changes,
  };
}

describe('monthEnd', () => {
  it('is the last day of the month, so many months back', () => {
    expect(monthEnd('2025-03-15')).toBe('2025-03-31');
    expect(monthEnd('2025-03-15', 1)).toBe('2025-02-28');
    expect(monthEnd('2024-03-01', 1)).toBe('2024-02-29');
    expect(monthEnd('2025-01-31', 2)).toBe('2024-11-30');
  });
});

describe('reportAccount', () => {
  it('reports nothing before the loan is funded', () => {
    expect(reportAccount(loanWith([]), '2025-01-09')).toBeNull();
    expect(reportAccount(loanWith([], { fundedOn: null }), '2025-06-30')).toBeNull();
  });

  it('a loan paid on time: current (11), the balance of what is still to come, no history before it opened', () => {
    const account = reportAccount(loanWith(['2025-02-10', '2025-03-10', '2025-04-10']), '2025-04-30');
    expect(account).toMatchObject({
      accountStatus: '11',
      paymentRating: null,
      highestCreditCents: 60_000,
      currentBalanceCents: 30_000,
      amountPastDueCents: 0,
      daysPastDue: 0,
      dateOfFirstDelinquency: null,
      dateClosed: null,
      dateOfLastPayment: '2025-04-10',
      consumerInformationIndicator: null,
      complianceConditionCode: null,
    });
    // March, February, January current; December 2024 and before: no history.
    expect(account?.paymentHistoryProfile).toBe(`000${B(21)}`);
  });

  it('30, 60 and 90 days late: 71, 78, 80, what is past due, and the date of first delinquency', () => {
    const loan = loanWith(['2025-02-10', '2025-03-10']);
    expect(reportAccount(loan, '2025-05-15')).toMatchObject({
      accountStatus: '71',
      daysPastDue: 35,
      amountPastDueCents: 20_000,
      currentBalanceCents: 40_000,
      dateOfFirstDelinquency: '2025-04-10',
      paymentHistoryProfile: `0000${B(20)}`,
    });
    expect(reportAccount(loan, '2025-06-15')).toMatchObject({ accountStatus: '78', daysPastDue: 66 });
    // June 30: 81 days (2), May 31: 51 days (1), April 30: 20 days (0).
    expect(reportAccount(loan, '2025-07-15')).toMatchObject({
      accountStatus: '80',
      daysPastDue: 96,
      amountPastDueCents: 40_000,
      paymentHistoryProfile: `210000${B(18)}`,
    });
  });

  it('a payment that came in late is history, not a delinquency now', () => {
    const account = reportAccount(loanWith(['2025-02-10', '2025-03-10', '2025-05-20', '2025-05-20']), '2025-05-31');
    expect(account).toMatchObject({ accountStatus: '11', daysPastDue: 0, dateOfFirstDelinquency: null });
    // April 30: the April payment was 20 days late, still current by Metro 2's count.
    expect(account?.paymentHistoryProfile.slice(0, 1)).toBe('0');
  });

  it('an invalidated payment is not owed', () => {
    const loan = loanWith(['2025-02-10', '2025-03-10']);
    const invalidated = {
      ...loan,
      payments: loan.payments.map((payment, index) => ({ ...payment, invalid: index === 2 })),
    };
    expect(reportAccount(invalidated, '2025-05-15')).toMatchObject({
      accountStatus: '11',
      currentBalanceCents: 30_000,
    });
  });

  it('paid off: closed (13) with a zero balance, rated as it stood, E in the history from then', () => {
    const paidOn = ['2025-02-10', '2025-03-10', '2025-04-10', '2025-05-20', '2025-05-20', '2025-05-20'];
    const account = reportAccount(loanWith(paidOn, { paidOffOn: '2025-05-20' }), '2025-06-30');
    expect(account).toMatchObject({
      accountStatus: '13',
      paymentRating: '0',
      currentBalanceCents: 0,
      amountPastDueCents: 0,
      dateClosed: '2025-05-20',
      dateOfLastPayment: '2025-05-20',
      paymentHistoryProfile: `E0000${B(19)}`,
    });
  });

  it('in chapter 7 bankruptcy: the petition (A) while it runs, then discharged (E): closed, zero, rated as late as it was', () => {
    const bankruptcy = { chapter: 7 as const, filedOn: '2025-05-01', dischargedOn: '2025-08-20', dismissedOn: null };
    const loan = loanWith(['2025-02-10', '2025-03-10'], { bankruptcy });
    expect(reportAccount(loan, '2025-04-30')).toMatchObject({ consumerInformationIndicator: null });
    expect(reportAccount(loan, '2025-06-30')).toMatchObject({
      accountStatus: '78',
      consumerInformationIndicator: 'A',
      currentBalanceCents: 40_000,
    });
    // On the day of discharge the April payment was 132 days late: rating 4.
    expect(reportAccount(loan, '2025-08-31')).toMatchObject({
      accountStatus: '13',
      paymentRating: '4',
      consumerInformationIndicator: 'E',
      currentBalanceCents: 0,
      dateClosed: '2025-08-20',
    });
  });

  it('a chapter 13 case dismissed reports the dismissal (L) and the account as it stands', () => {
    const bankruptcy = { chapter: 13 as const, filedOn: '2025-03-01', dischargedOn: null, dismissedOn: '2025-04-01' };
    const account = reportAccount(loanWith(['2025-02-10', '2025-03-10', '2025-04-10'], { bankruptcy }), '2025-04-30');
    expect(account).toMatchObject({ accountStatus: '11', consumerInformationIndicator: 'L' });
  });

  it('charged off 120 days after the oldest unpaid payment: 97, the whole balance past due and written off, L from that month', () => {
    const loan = loanWith(['2025-02-10', '2025-03-10']);
    // The April payment is 119 days late on 2025-08-07: still 90-119 days (80).
    expect(reportAccount(loan, '2025-08-07')).toMatchObject({ accountStatus: '80', originalChargeOffCents: 0 });
    expect(reportAccount(loan, '2025-09-30')).toMatchObject({
      accountStatus: '97',
      paymentRating: null,
      currentBalanceCents: 40_000,
      amountPastDueCents: 40_000,
      originalChargeOffCents: 40_000,
      dateOfFirstDelinquency: '2025-04-10',
      dateClosed: null,
      // August L (charged off on the 8th); July 112 days (3), June 81 (2), May 51 (1), April 20 (0).
      paymentHistoryProfile: `L3210000${B(16)}`,
    });
  });

  it('a charge-off paid in full: 64, zero balance, closed the day it was paid, the loss and first delinquency kept', () => {
    const paidOn = ['2025-02-10', '2025-03-10', '2025-10-15', '2025-10-15', '2025-10-15', '2025-10-15'];
    const account = reportAccount(loanWith(paidOn, { paidOffOn: '2025-10-15' }), '2025-10-31');
    expect(account).toMatchObject({
      accountStatus: '64',
      paymentRating: null,
      currentBalanceCents: 0,
      amountPastDueCents: 0,
      originalChargeOffCents: 40_000,
      dateOfFirstDelinquency: '2025-04-10',
      dateClosed: '2025-10-15',
      actualPaymentCents: 40_000,
    });
    expect(account?.paymentHistoryProfile.slice(0, 2)).toBe('LL');
  });

  it('is not charged off once a bankruptcy petition is filed: the case settles it', () => {
    const bankruptcy = { chapter: 7 as const, filedOn: '2025-05-01', dischargedOn: null, dismissedOn: null };
    // April unpaid 122 days on 2025-08-10: 120-149 days (82), under the petition (A).
    expect(reportAccount(loanWith(['2025-02-10', '2025-03-10'], { bankruptcy }), '2025-08-10')).toMatchObject({
      accountStatus: '82',
      consumerInformationIndicator: 'A',
      originalChargeOffCents: 0,
    });
  });

  it('what came in during the reporting month is the actual payment', () => {
    const account = reportAccount(loanWith(['2025-02-10', '2025-03-02']), '2025-03-31');
    expect(account).toMatchObject({ actualPaymentCents: 10_000, dateOfLastPayment: '2025-03-02' });
  });

  it('adjustments: Delete reports DA (DF for fraud) from its date; Do Not Report stops reporting until a Resend', () => {
    const paid = ['2025-02-10', '2025-03-10'];
    const adjusted = (adjustments: ReportingLoan['adjustments']) => loanWith(paid, { adjustments });
    const deleted = adjusted([{ type: 'delete', effectiveOn: '2025-03-15', fraud: false }]);
    expect(reportAccount(deleted, '2025-03-14')).toMatchObject({ accountStatus: '11', reported: true });
    expect(reportAccount(deleted, '2025-03-15')).toMatchObject({ accountStatus: 'DA', reported: true });
    const fraud = adjusted([{ type: 'delete', effectiveOn: '2025-03-15', fraud: true }]);
    expect(reportAccount(fraud, '2025-03-31')?.accountStatus).toBe('DF');
    const quiet = adjusted([
      { type: 'do_not_report', effectiveOn: '2025-03-15', fraud: false },
      { type: 'resend', effectiveOn: '2025-03-20', fraud: false },
    ]);
    expect(reportAccount(quiet, '2025-03-16')).toMatchObject({ reported: false, accountStatus: '11' });
    expect(reportAccount(quiet, '2025-03-20')).toMatchObject({ reported: true, accountStatus: '11' });
  });

  it("reports the loan's own balance (the loan card's payoff), past due never above it", () => {
    // A loan owing $250 after staff credits, two $100 installments late.
    const credited = loanWith(['2025-02-10', '2025-03-10'], { balanceOn: () => 25_000 });
    expect(reportAccount(credited, '2025-05-15')).toMatchObject({
      currentBalanceCents: 25_000,
      amountPastDueCents: 20_000,
    });
    const mostlyCredited = loanWith(['2025-02-10', '2025-03-10'], { balanceOn: () => 15_000 });
    expect(reportAccount(mostlyCredited, '2025-05-15')).toMatchObject({
      currentBalanceCents: 15_000,
      amountPastDueCents: 15_000,
    });
    // Charged off: the whole balance is past due and written off.
    expect(reportAccount(credited, '2025-09-30')).toMatchObject({
      accountStatus: '97',
      currentBalanceCents: 25_000,
      amountPastDueCents: 25_000,
      originalChargeOffCents: 25_000,
    });
  });

  it('says the account is disputed (XB) from the day a dispute came in to the day it was answered, XH that month', () => {
    const disputed = loanWith([], {
      disputes: [{ label: 'dispute #1', from: '2025-02-01', to: '2025-03-01', consumerDisagrees: false }],
    });
    expect(reportAccount(disputed, '2025-01-31')?.complianceConditionCode).toBeNull();
    expect(reportAccount(disputed, '2025-02-01')?.complianceConditionCode).toBe('XB');
    expect(reportAccount(disputed, '2025-03-01')?.complianceConditionCode).toBe('XH');
    expect(reportAccount(disputed, '2025-04-01')?.complianceConditionCode).toBeNull();
  });
});

describe('historyGrid', () => {
  it('is 7 years by 12 months back from the report date, nothing after it', () => {
    const grid = historyGrid(loanWith(['2025-02-10', '2025-03-10']), '2025-07-15');
    expect(grid.map((row) => row.year)).toEqual([2025, 2024, 2023, 2022, 2021, 2020, 2019]);
    // January to June at their month ends, July on the report date (96 days: 3), then nothing.
    expect(grid[0]?.months).toEqual(['0', '0', '0', '0', '1', '2', '3', null, null, null, null, null]);
    expect(grid[1]?.months).toEqual(Array(12).fill('B'));
  });

  it("gives each month's compliance condition code: none before funding, XB, XC, nothing after the report date", () => {
    const loan = loanWith([], {
      disputes: [{ label: 'ACDV CN-1', from: '2025-03-15', to: '2025-05-02', consumerDisagrees: true }],
    });
    const grid = historyGrid(loan, '2025-07-15');
    expect(grid[0]?.compliance).toEqual([null, null, 'XB', 'XB', 'XC', 'XC', 'XC', null, null, null, null, null]);
    expect(grid[1]?.compliance).toEqual(Array(12).fill(null));
  });
});
