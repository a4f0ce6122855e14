import { addDays, daysBetween } from '@portal/contracts';
import {
  consumerInformationIndicator,
  delinquencyAccountStatus,
  metro2,
  metro2CodeFor,
  paymentHistoryCode,
  paymentRatingFor,
} from '@portal/contracts/metro2';
import { complianceConditionOn, type ConsumerDispute } from './compliance-condition.ts';

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

// A special credit report adjustment (cr_adj, or an ACDV answered 03/07): the latest one in effect
// on a date decides what is reported from then on.
export type ReportingAdjustment = {
  type: 'delete' | 'resend' | 'do_not_report';
  effectiveOn: string;
  // Deleted because of confirmed fraud (DF), not another reason (DA).
  fraud: boolean;
};

export type ReportingLoan = {
  fundedOn: string | null;
  // Highest credit: the cash advanced.
  originalAmountCents: number;
  paidOffOn: string | null;
  closedOn: string | null;
  payments: readonly ReportingPayment[];
  bankruptcy: ReportingBankruptcy | null;
  // Consumer disputes of the account (FCRA: a dispute letter, an ACDV): from the day received to the
  // day answered (null while open), and whether the consumer still disagreed. They decide the
  // compliance condition code (compliance-condition.ts: XB, XC, XH).
  disputes: readonly ConsumerDispute[];
  // What the customer owed on a date: the loan card's payoff (loans/payoff.ts, staff credits taken
  // off), so the bureaus are told what staff and the customer see, to the cent (FCRA accuracy).
  balanceOn: (asOf: string) => number;
  // Oldest first.
  adjustments?: readonly ReportingAdjustment[];
};

export type Metro2Account = {
  asOf: string;
  // False while a Do Not Report adjustment stands: nothing of the loan goes to the bureaus.
  reported: boolean;
  accountStatus: string;
  // Only for an account reported closed or paid (status 13): how late it was when it closed.
  paymentRating: string | null;
  // 24 months, the month before asOf first (Metro 2 field 18).
  paymentHistoryProfile: string;
  highestCreditCents: number;
  currentBalanceCents: number;
  amountPastDueCents: number;
  daysPastDue: number;
  // The balance written off when the account was charged off (Metro 2 field 23), else 0.
  originalChargeOffCents: number;
  // What came in during the month of asOf, up to asOf (field 16).
  actualPaymentCents: number;
  // The due date of the oldest payment still unpaid once it is 30 days late.
  dateOfFirstDelinquency: string | null;
  dateClosed: string | null;
  dateOfLastPayment: string | null;
  consumerInformationIndicator: string | null;
  complianceConditionCode: string | null;
};

export const HISTORY_PROFILE_MONTHS = metro2.payment_history_profile_length_months;
// An installment (closed-end) loan this many days past due is charged off (FFIEC Uniform Retail
// Credit Classification policy: closed-end retail loans at 120 days), unless the customer has filed
// a bankruptcy petition by then: the case settles it (discharge or dismissal) instead.
export const CHARGE_OFF_DAYS_PAST_DUE = 120;
const PAID_OR_CLOSED = metro2CodeFor('account_status', 'Paid or closed account / zero balance');
const ZERO_BALANCE_AND_CURRENT = metro2CodeFor('payment_history_profile', 'Zero balance and current');
const NO_HISTORY_BEFORE = metro2CodeFor('payment_history_profile', 'No payment history available prior to this time');
const CHARGED_OFF = metro2CodeFor('account_status', 'Unpaid balance reported as a loss (charge-off)');
const PAID_CHARGE_OFF = metro2CodeFor('account_status', 'Paid in full, was a charge-off');
const CHARGE_OFF_HISTORY = metro2CodeFor('payment_history_profile', 'Charge-off');
const DELETED = metro2CodeFor('account_status', 'Delete entire account (reason other than fraud)');
const DELETED_FOR_FRAUD = metro2CodeFor('account_status', 'Delete entire account due to confirmed fraud');

const onOrBefore = (date: string | null, asOf: string): date is string => date !== null && date <= asOf;

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

// What every month's figures read, worked out once per loan (a 7-year grid asks for 84 months of a
// loan with hundreds of payments): the valid payments by due date, and the first day a payment
// was CHARGE_OFF_DAYS_PAST_DUE days late and still unpaid, whatever the date asked about.
type Timeline = { valid: ReportingPayment[]; firstChargeOffDay: string | null };
const timelines = new WeakMap<ReportingLoan, Timeline>();

function timelineOf(loan: ReportingLoan): Timeline {
  const known = timelines.get(loan);
  if (known) return known;
  const valid = loan.payments
    .filter((payment) => !payment.invalid)
    .sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  let firstChargeOffDay: string | null = null;
  for (const payment of valid) {
    const day = addDays(payment.due, CHARGE_OFF_DAYS_PAST_DUE);
    if (payment.paidOn !== null && payment.paidOn <= day) continue;
    if (firstChargeOffDay === null || day < firstChargeOffDay) firstChargeOffDay = day;
  }
  const timeline = { valid, firstChargeOffDay };
  timelines.set(loan, timeline);
  return timeline;
}

// How late the account is on that date: from the oldest payment due and unpaid.
function daysPastDueOn(loan: ReportingLoan, asOf: string): number {
  for (const payment of timelineOf(loan).valid) {
    if (payment.due > asOf) break;
    if (!onOrBefore(payment.paidOn, asOf)) return Math.max(0, daysBetween(payment.due, asOf));
  }
  return 0;
}

// The day the account was charged off, if it was by asOf: the first day a payment was still unpaid
// CHARGE_OFF_DAYS_PAST_DUE days after its due date (the day the account became that late), unless
// it was paid off or a bankruptcy petition was filed before that day.
export function chargeOffDate(loan: ReportingLoan, asOf: string): string | null {
  const first = timelineOf(loan).firstChargeOffDay;
  if (first === null || first > asOf) return null;
  if (onOrBefore(loan.paidOffOn, first)) return null;
  if (onOrBefore(loan.bankruptcy?.filedOn ?? null, first)) return null;
  return first;
}

// The adjustment in effect on asOf: the latest with an effective date on or before it.
function adjustmentOn(loan: ReportingLoan, asOf: string): ReportingAdjustment | null {
  let found: ReportingAdjustment | null = null;
  for (const adjustment of loan.adjustments ?? []) if (adjustment.effectiveOn <= asOf) found = adjustment;
  return found;
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
  if (chargeOffDate(loan, end) !== null) return CHARGE_OFF_HISTORY;
  if (onOrBefore(loan.paidOffOn, end) || onOrBefore(loan.bankruptcy?.dischargedOn ?? null, end))
    return ZERO_BALANCE_AND_CURRENT;
  return paymentHistoryCode(daysPastDueOn(loan, end));
}

// The account as reported on `asOf`; null before the loan was funded (nothing to report).
export function reportAccount(loan: ReportingLoan, asOf: string): Metro2Account | null {
  if (!onOrBefore(loan.fundedOn, asOf)) return null;
  const discharged = onOrBefore(loan.bankruptcy?.dischargedOn ?? null, asOf);
  const paidOff = onOrBefore(loan.paidOffOn, asOf);
  const chargedOffOn = discharged ? null : chargeOffDate(loan, asOf);
  const closedOn = paidOff ? loan.paidOffOn : discharged ? loan.bankruptcy!.dischargedOn : null;
  const unpaid = unpaidOn(loan, asOf);
  const late = closedOn ? 0 : daysPastDueOn(loan, asOf);
  // How late it was the day before it closed, for the rating of a closed account.
  const lateWhenClosed = closedOn ? daysPastDueOn(loan, closedOn) : 0;
  const pastDue = unpaid.filter((payment) => payment.due <= asOf);
  const paidByThen = loan.payments.filter((payment) => !payment.invalid && onOrBefore(payment.paidOn, asOf));
  const lastPayment = paidByThen.reduce<string | null>(
    (last, payment) => (last === null || payment.paidOn! > last ? payment.paidOn : last),
    null,
  );
  const monthStart = `${asOf.slice(0, 8)}01`;
  const actualPaymentCents = paidByThen
    .filter((payment) => payment.paidOn! >= monthStart)
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  const history = Array.from({ length: HISTORY_PROFILE_MONTHS }, (_, index) =>
    historyCode(loan, monthEnd(asOf, index + 1)),
  ).join('');
  const oldestPastDue = pastDue.reduce<string | null>(
    (first, payment) => (first === null || payment.due < first ? payment.due : first),
    null,
  );
  // A charge-off reports the unpaid balance as a loss (97) until it is paid in full (64); the
  // balance written off is what was owed on the day.
  const chargeOffCents = chargedOffOn ? loan.balanceOn(chargedOffOn) : 0;
  const balanceCents = closedOn ? 0 : loan.balanceOn(asOf);
  const status = chargedOffOn
    ? closedOn
      ? PAID_CHARGE_OFF
      : CHARGED_OFF
    : closedOn
      ? PAID_OR_CLOSED
      : delinquencyAccountStatus(late);
  const adjustment = adjustmentOn(loan, asOf);
  const deletedStatus = adjustment?.type === 'delete' ? (adjustment.fraud ? DELETED_FOR_FRAUD : DELETED) : null;
  return {
    asOf,
    reported: adjustment?.type !== 'do_not_report',
    accountStatus: deletedStatus ?? status,
    // Metro 2 rates a closed account (13) only; a charge-off says it in its status and history, and a
    // deleted account has nothing to rate.
    paymentRating: status === PAID_OR_CLOSED && !deletedStatus ? paymentRatingFor(lateWhenClosed) : null,
    paymentHistoryProfile: history,
    highestCreditCents: loan.originalAmountCents,
    currentBalanceCents: balanceCents,
    // A charged-off account is past due by its whole balance; any other by its late installments,
    // never more than the balance (a staff credit lowers what is owed, the late part included).
    amountPastDueCents: chargedOffOn
      ? balanceCents
      : Math.min(
          balanceCents,
          pastDue.reduce((sum, payment) => sum + payment.amountCents, 0),
        ),
    daysPastDue: late,
    originalChargeOffCents: chargeOffCents,
    actualPaymentCents,
    dateOfFirstDelinquency: chargedOffOn
      ? firstDelinquency(loan, chargedOffOn)
      : !closedOn && late >= 30
        ? oldestPastDue
        : null,
    dateClosed: closedOn,
    dateOfLastPayment: lastPayment,
    consumerInformationIndicator: bankruptcyIndicator(loan.bankruptcy, asOf),
    complianceConditionCode: complianceConditionOn(loan.disputes, asOf),
  };
}

// The due date of the oldest payment unpaid on `date` (a charged-off account keeps the date of first
// delinquency that led to the charge-off, even once paid in full).
function firstDelinquency(loan: ReportingLoan, date: string): string | null {
  return unpaidOn(loan, date)
    .filter((payment) => payment.due <= date)
    .reduce<string | null>((first, payment) => (first === null || payment.due < first ? payment.due : first), null);
}

// The 7-year by 12-month grid of the FCRA lookup: for each year back from the report date's, the
// history code and the compliance condition code of each month's end (the report date for its own
// month; null for a month after it, and no compliance code before the loan was funded).
export function historyGrid(
  loan: ReportingLoan,
  reportDate: string,
  years = 7,
): { year: number; months: (string | null)[]; compliance: (string | null)[] }[] {
  const lastYear = Number(reportDate.slice(0, 4));
  return Array.from({ length: years }, (_, back) => {
    const year = lastYear - back;
    const dates = Array.from({ length: 12 }, (_, month) => {
      const end = new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);
      return end > monthEnd(reportDate) ? null : end < reportDate ? end : reportDate;
    });
    return {
      year,
      months: dates.map((date) => (date === null ? null : historyCode(loan, date))),
      compliance: dates.map((date) =>
        date === null || !onOrBefore(loan.fundedOn, date) ? null : complianceConditionOn(loan.disputes, date),
      ),
    };
  });
}
