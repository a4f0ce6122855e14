import { addMonths, centsToDollars, daysInMonth } from '@portal/contracts';
import { reportAccount, type FurnishedRecord } from '../credit-reporting/index.ts';
import { toCsv } from '../../platform/csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import type { PackFile, PackStamp } from './pack-file.ts';

// What the Portal reported of each loan to the credit bureaus, month by month: a month a stored
// Metro 2 file furnished is taken from that file as it was sent (the latest of the month's files);
// any other month is recomputed by the FCRA lookup's computation and marked so, since nothing
// furnished it and today's data may differ from what was known then.

// The FCRA's seven years: months further back are not reported on anyone.
const HISTORY_MONTHS = 7 * 12;

// The last day of the month of `date` (YYYY-MM-DD).
function monthEnd(date: string): string {
  const days = daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
  return `${date.slice(0, 8)}${String(days).padStart(2, '0')}`;
}

type ReportedLoan = EvidenceRecord['reported'][number];

// Each month from funding to this month (at most HISTORY_MONTHS), as the FCRA lookup would report it
// on the month's last day (today for this month), until the month the account closed.
function reportedMonths(loan: ReportedLoan, today: string) {
  if (loan.fundedOn === null) return [];
  const earliest = `${addMonths(today, -(HISTORY_MONTHS - 1)).slice(0, 7)}-01`;
  let month = `${loan.fundedOn.slice(0, 7)}-01`;
  if (month < earliest) month = earliest;
  const rows = [];
  while (month <= today) {
    const end = monthEnd(month);
    const asOf = end < today ? end : today;
    const account = reportAccount(loan, asOf);
    if (account) {
      rows.push({ month: month.slice(0, 7), account });
      if (account.dateClosed !== null && account.dateClosed <= asOf) break;
    }
    month = addMonths(month, 1);
  }
  return rows;
}

type HistoryRow = {
  loanId: number;
  month: string;
  source: 'furnished' | 'recomputed';
  furnishedIn: string | null;
  asOf: string | null;
  reported: boolean;
  accountStatus: string;
  paymentRating: string | null;
  paymentHistoryProfile: string;
  specialComment: string | null;
  highestCredit: number;
  currentBalance: number;
  amountPastDue: number;
  daysPastDue: number | null;
  originalChargeOff: number;
  actualPayment: number;
  dateOfFirstDelinquency: string | null;
  dateClosed: string | null;
  dateOfLastPayment: string | null;
  consumerInformationIndicator: string | null;
  complianceConditionCode: string | null;
};

// A record as it went to the bureaus (whole dollars, as Metro 2 carries them).
function furnishedRow(record: FurnishedRecord): HistoryRow {
  const asOf = record.dateOfAccountInformation;
  return {
    loanId: record.loanId,
    month: (asOf ?? record.fileCreatedAt.toISOString()).slice(0, 7),
    source: 'furnished',
    furnishedIn: record.fileName,
    asOf,
    reported: true,
    accountStatus: record.accountStatus,
    paymentRating: record.paymentRating,
    paymentHistoryProfile: record.paymentHistoryProfile,
    specialComment: record.specialComment,
    highestCredit: record.highestCreditDollars,
    currentBalance: record.currentBalanceDollars,
    amountPastDue: record.amountPastDueDollars,
    daysPastDue: null,
    originalChargeOff: record.originalChargeOffDollars,
    actualPayment: record.actualPaymentDollars,
    dateOfFirstDelinquency: record.dateOfFirstDelinquency,
    dateClosed: record.dateClosed,
    dateOfLastPayment: record.dateOfLastPayment,
    consumerInformationIndicator: record.consumerInformationIndicator,
    complianceConditionCode: record.complianceConditionCode,
  };
}

// Each loan's months: furnished where a file furnished it (files come oldest first, so the month's
// latest file wins), recomputed otherwise.
function historyRows(record: EvidenceRecord, today: string): HistoryRow[] {
  const furnished = new Map<string, HistoryRow>();
  for (const row of record.furnished.records.map(furnishedRow)) furnished.set(`${row.loanId} ${row.month}`, row);
  return record.reported.flatMap((loan) => {
    const months = new Map<string, HistoryRow>();
    for (const { month, account } of reportedMonths(loan, today))
      months.set(month.slice(0, 7), {
        loanId: loan.id,
        month: month.slice(0, 7),
        source: 'recomputed',
        furnishedIn: null,
        asOf: account.asOf,
        reported: account.reported,
        accountStatus: account.accountStatus,
        paymentRating: account.paymentRating,
        paymentHistoryProfile: account.paymentHistoryProfile,
        specialComment: null,
        highestCredit: centsToDollars(account.highestCreditCents),
        currentBalance: centsToDollars(account.currentBalanceCents),
        amountPastDue: centsToDollars(account.amountPastDueCents),
        daysPastDue: account.daysPastDue,
        originalChargeOff: centsToDollars(account.originalChargeOffCents),
        actualPayment: centsToDollars(account.actualPaymentCents),
        dateOfFirstDelinquency: account.dateOfFirstDelinquency,
        dateClosed: account.dateClosed,
        dateOfLastPayment: account.dateOfLastPayment,
        consumerInformationIndicator: account.consumerInformationIndicator,
        complianceConditionCode: account.complianceConditionCode,
      });
    for (const row of furnished.values()) if (row.loanId === loan.id) months.set(row.month, row);
    return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  });
}

export function metro2Files(record: EvidenceRecord, stamp: PackStamp): PackFile[] {
  const months = historyRows(record, stamp.today);
  const furnishedCount = months.filter((row) => row.source === 'furnished').length;
  const adjustments = record.reported.flatMap((loan) =>
    (loan.adjustments ?? []).map((adjustment) => ({ loanId: loan.id, adjustment })),
  );
  return [
    {
      path: 'credit-reporting/metro2-history.csv',
      section: 'credit-reporting',
      description: `The Metro 2 account of each funded loan for each month from funding (at most 7 years back) to ${stamp.today} or the month it closed. source "furnished": the record as sent to the credit bureaus, read from the stored Metro 2 file named in furnished_in (amounts whole dollars, as Metro 2 carries them; ${furnishedCount} months); source "recomputed": no stored file furnished that month, so it is the FCRA lookup's computation from the data held today (amounts in dollars and cents).`,
      content: toCsv(
        [
          'loan_id',
          'month',
          'source',
          'furnished_in',
          'as_of',
          'reported',
          'account_status',
          'payment_rating',
          'payment_history_profile',
          'special_comment',
          'highest_credit',
          'current_balance',
          'amount_past_due',
          'days_past_due',
          'original_charge_off',
          'actual_payment',
          'date_of_first_delinquency',
          'date_closed',
          'date_of_last_payment',
          'consumer_information_indicator',
          'compliance_condition_code',
        ],
        months.map((row) => ({
          loan_id: row.loanId,
          month: row.month,
          source: row.source,
          furnished_in: row.furnishedIn,
          as_of: row.asOf,
          reported: row.reported,
          account_status: row.accountStatus,
          payment_rating: row.paymentRating,
          payment_history_profile: row.paymentHistoryProfile,
          special_comment: row.specialComment,
          highest_credit: row.highestCredit,
          current_balance: row.currentBalance,
          amount_past_due: row.amountPastDue,
          days_past_due: row.daysPastDue,
          original_charge_off: row.originalChargeOff,
          actual_payment: row.actualPayment,
          date_of_first_delinquency: row.dateOfFirstDelinquency,
          date_closed: row.dateClosed,
          date_of_last_payment: row.dateOfLastPayment,
          consumer_information_indicator: row.consumerInformationIndicator,
          compliance_condition_code: row.complianceConditionCode,
        })),
      ),
      records: months.length,
    },
    {
      path: 'credit-reporting/adjustments.csv',
      section: 'credit-reporting',
      description:
        'Special credit report adjustments of the loans (delete, resend, do not report), oldest first, with the date each takes effect; the history above already reflects them.',
      content: toCsv(
        ['loan_id', 'type', 'effective_on', 'fraud'],
        adjustments.map(({ loanId, adjustment }) => ({
          loan_id: loanId,
          type: adjustment.type,
          effective_on: adjustment.effectiveOn,
          fraud: adjustment.fraud,
        })),
      ),
      records: adjustments.length,
    },
  ];
}
