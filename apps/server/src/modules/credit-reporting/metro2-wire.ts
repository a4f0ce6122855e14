import { dateInTimeZone, type Metro2AccountView, type PaymentDetail } from '@portal/contracts';
import { metro2CodeFor } from '@portal/contracts/metro2';
import type { Metro2Account } from './metro2-account.ts';
import { UNSECURED_ACCOUNT_TYPE } from './metro2-layout.ts';
import type { ReportedLoan } from './reporting-loan.ts';

// What every screen and file says of a loan beside the computed account: the Portal's loans are
// unsecured, fixed-rate installment loans of one borrower. The codes are the reference data's.
export const PORTFOLIO_TYPE = 'I';
// Metro 2 account type 01, unsecured (the value set is not in ../shared/data; the layout names its source).
export const ACCOUNT_TYPE_UNSECURED = UNSECURED_ACCOUNT_TYPE;
export const INTEREST_TYPE_FIXED = 'F';
export const ECOA_INDIVIDUAL = metro2CodeFor('ecoa', 'Individual');

// Metro 2 reports a monthly equivalent for other schedules (weekly x 52/12, biweekly x 26/12,
// semimonthly x 2), in whole dollars like every amount it carries.
const MONTHLY_FACTOR: Record<string, number> = { W: 52 / 12, B: 26 / 12, E: 2, M: 1 };

export const wholeDollars = (cents: number) => Math.round(cents / 100);

export function scheduledMonthlyPaymentCents(loan: ReportedLoan): number {
  return Math.round(loan.installmentCents * (MONTHLY_FACTOR[loan.termsFrequency] ?? 1));
}

const dollars = (cents: number) => cents / 100;

export function toWireAccount(loan: ReportedLoan, account: Metro2Account): Metro2AccountView {
  return {
    as_of: account.asOf,
    reported: account.reported,
    account_number: String(loan.id),
    portfolio_type: PORTFOLIO_TYPE,
    account_type: ACCOUNT_TYPE_UNSECURED,
    date_opened: loan.fundedOn ?? account.asOf,
    terms_duration: loan.installmentCount,
    terms_frequency: loan.termsFrequency,
    scheduled_monthly_payment: dollars(scheduledMonthlyPaymentCents(loan)),
    highest_credit: dollars(account.highestCreditCents),
    current_balance: dollars(account.currentBalanceCents),
    amount_past_due: dollars(account.amountPastDueCents),
    days_past_due: account.daysPastDue,
    account_status: account.accountStatus,
    payment_rating: account.paymentRating,
    payment_history_profile: account.paymentHistoryProfile,
    special_comment: null,
    compliance_condition_code: account.complianceConditionCode,
    interest_type: INTEREST_TYPE_FIXED,
    date_of_first_delinquency: account.dateOfFirstDelinquency,
    date_closed: account.dateClosed,
    date_of_last_payment: account.dateOfLastPayment,
    consumer_information_indicator: account.consumerInformationIndicator,
    ecoa_code: ECOA_INDIVIDUAL,
  };
}

// A scheduled payment as the lookup lists it, on the report date.
export function toPaymentDetails(loan: ReportedLoan, reportDate: string, timeZone: string): PaymentDetail[] {
  const dateOf = (instant: Date | null) => (instant ? dateInTimeZone(instant, timeZone) : null);
  return loan.schedule.map((payment) => {
    const paidOn = dateOf(payment.paidAt);
    const paid = paidOn !== null && paidOn <= reportDate;
    const status = payment.invalidAt
      ? 'invalid'
      : paid
        ? 'paid'
        : payment.processingAt
          ? 'processing'
          : payment.due <= reportDate
            ? 'late'
            : 'due';
    return {
      id: payment.id,
      original_due_date: payment.originalDue,
      due_date: payment.due,
      status,
      amount_paid: paid ? dollars(payment.amountCents) : 0,
      payment_amount: dollars(payment.amountCents),
      paid_on: paid ? paidOn : null,
    };
  });
}
