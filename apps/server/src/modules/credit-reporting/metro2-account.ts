import {
  consumerInformationIndicator,
  delinquencyAccountStatus,
  metro2,
  metro2CodeFor,
  paymentHistoryCode,
  paymentRatingFor,
} from '@portal/contracts/metro2';

// What the Portal reports of a loan to the credit bureaus for a month (Metro 2 base segment
// fields), worked out from the loan's own data and nothing else: the payments as scheduled and
// paid, the bankruptcy recorded on the customer, an open dispute. Pure: one loan and a date in,
// the account as of that date out, so the FCRA lookup, the ACDV answers and the correction records
// all report the same thing. Dates are YYYY-MM-DD; money is integer cents. The codes come from
// the Metro 2 reference data by their meaning (contracts reference/metro2.ts).

export type ReportingPayment = {
  due: string;
  amountCents: number;
  // The day the money came in; null while unpaid.
  paidOn: string | null;
  // An invalidated payment is no longer owed.
  invalid: boolean;
};

export type ReportingBankruptcy = {
  chapter: 7 | 13;
  filedOn: string | null;
  dischargedOn: string | null;
  dismissedOn: string | null;
};

export type ReportingLoan = {
  fundedOn: string | null;
  // Highest credit: the cash advanced.
  originalAmountCents: number;
  paidOffOn: string | null;
  closedOn: string | null;
  payments: readonly ReportingPayment[];
  bankruptcy: ReportingBankruptcy | null;
  // A consumer dispute of the account (FCRA) open on the reporting date.
  disputeOpen: boolean;
};

export type Metro2Account = {
  asOf: string;
  accountStatus: string;
  // Only for an account reported closed or paid (status 13): how late it was when it closed.
  paymentRating: string | null;
  // 24 months, the month before asOf first (Metro 2 field 18).
  paymentHistoryProfile: string;
  highestCreditCents: number;
  currentBalanceCents: number;
  amountPastDueCents: number;
  daysPastDue: number;
  // The due date of the oldest payment still unpaid once it is 30 days late.
  dateOfFirstDelinquency: string | null;
  dateClosed: string | null;
  dateOfLastPayment: string | null;
  consumerInformationIndicator: string | null;
  complianceConditionCode: string | null;
};

export const HISTORY_PROFILE_MONTHS = metro2.payment_history_profile_length_months;
const DAY_MS = 86_400_000;
const PAID_OR_CLOSED = metro2CodeFor('account_status', 'Paid or closed account / zero balance');
const ZERO_BALANCE_AND_CURRENT = metro2CodeFor('payment_history_profile', 'Zero balance and current');
const NO_HISTORY_BEFORE = metro2CodeFor('payment_history_profile', 'No payment history available prior to this time');
const DISPUTED = metro2CodeFor('compliance_condition', 'Account information disputed by consumer under the FCRA');

const onOrBefore = (date: string | null, asOf: string): date is string => date !== null && date <= asOf;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// The last day of the month `monthsBack` months before the month of `date`.
export function monthEnd(date: string, monthsBack = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - monthsBack;
  return new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
}

// Owed and unpaid on that date: valid payments not paid by then.
function unpaidOn(loan: ReportingLoan, asOf: string): ReportingPayment[] {
  return loan.payments.filter((payment) => !payment.invalid && !onOrBefore(payment.paidOn, asOf));
}

// How late the account is on that date: from the oldest payment due and unpaid.
function daysPastDueOn(loan: ReportingLoan, asOf: string): number {
  const oldest = unpaidOn(loan, asOf)
    .filter((payment) => payment.due <= asOf)
    .reduce<string | null>((first, payment) => (first === null || payment.due < first ? payment.due : first), null);
  return oldest === null ? 0 : Math.max(0, daysBetween(oldest, asOf));
}

function bankruptcyIndicator(bankruptcy: ReportingBankruptcy | null, asOf: string): string | null {
  if (!bankruptcy) return null;
  if (onOrBefore(bankruptcy.dischargedOn, asOf))
    return consumerInformationIndicator('discharge', bankruptcy.chapter).code;
  if (onOrBefore(bankruptcy.dismissedOn, asOf))
    return consumerInformationIndicator('dismissal', bankruptcy.chapter).code;
  if (onOrBefore(bankruptcy.filedOn, asOf)) return consumerInformationIndicator('petition', bankruptcy.chapter).code;
  return null;
}

// The history profile's code for the month ending `end`.
function historyCode(loan: ReportingLoan, end: string): string {
  if (!onOrBefore(loan.fundedOn, end)) return NO_HISTORY_BEFORE;
  if (onOrBefore(loan.paidOffOn, end) || onOrBefore(loan.bankruptcy?.dischargedOn ?? null, end))
    return ZERO_BALANCE_AND_CURRENT;
  return paymentHistoryCode(daysPastDueOn(loan, end));
}

// The account as reported on `asOf`; null before the loan was funded (nothing to report).
export function reportAccount(loan: ReportingLoan, asOf: string): Metro2Account | null {
  if (!onOrBefore(loan.fundedOn, asOf)) return null;
  const discharged = onOrBefore(loan.bankruptcy?.dischargedOn ?? null, asOf);
  const paidOff = onOrBefore(loan.paidOffOn, asOf);
  const closedOn = paidOff ? loan.paidOffOn : discharged ? loan.bankruptcy!.dischargedOn : null;
  const unpaid = unpaidOn(loan, asOf);
  const late = closedOn ? 0 : daysPastDueOn(loan, asOf);
  // How late it was the day before it closed, for the rating of a closed account.
  const lateWhenClosed = closedOn ? daysPastDueOn(loan, closedOn) : 0;
  const pastDue = unpaid.filter((payment) => payment.due <= asOf);
  const lastPayment = loan.payments
    .filter((payment) => !payment.invalid && onOrBefore(payment.paidOn, asOf))
    .reduce<string | null>((last, payment) => (last === null || payment.paidOn! > last ? payment.paidOn : last), null);
  const history = Array.from({ length: HISTORY_PROFILE_MONTHS }, (_, index) =>
    historyCode(loan, monthEnd(asOf, index + 1)),
  ).join('');
  const oldestPastDue = pastDue.reduce<string | null>(
    (first, payment) => (first === null || payment.due < first ? payment.due : first),
    null,
  );
  return {
    asOf,
    accountStatus: closedOn ? PAID_OR_CLOSED : delinquencyAccountStatus(late),
    paymentRating: closedOn ? paymentRatingFor(lateWhenClosed) : null,
    paymentHistoryProfile: history,
    highestCreditCents: loan.originalAmountCents,
    currentBalanceCents: closedOn ? 0 : unpaid.reduce((sum, payment) => sum + payment.amountCents, 0),
    amountPastDueCents: closedOn ? 0 : pastDue.reduce((sum, payment) => sum + payment.amountCents, 0),
    daysPastDue: late,
    dateOfFirstDelinquency: !closedOn && late >= 30 ? oldestPastDue : null,
    dateClosed: closedOn,
    dateOfLastPayment: lastPayment,
    consumerInformationIndicator: bankruptcyIndicator(loan.bankruptcy, asOf),
    complianceConditionCode: loan.disputeOpen ? DISPUTED : null,
  };
}

// The 7-year by 12-month grid of the FCRA lookup: for each year back from the report date's, the
// history code of each month's end (null for a month after the report date).
export function historyGrid(
  loan: ReportingLoan,
  reportDate: string,
  years = 7,
): { year: number; months: (string | null)[] }[] {
  const lastYear = Number(reportDate.slice(0, 4));
  return Array.from({ length: years }, (_, back) => {
    const year = lastYear - back;
    const months = Array.from({ length: 12 }, (_, month) => {
      const end = new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
      return end > monthEnd(reportDate) ? null : historyCode(loan, end < reportDate ? end : reportDate);
    });
    return { year, months };
  });
}
