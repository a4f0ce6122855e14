import { addMonths, centsToDollars, daysInMonth } from '@portal/contracts';
import { reportAccount } from '../credit-reporting/index.ts';
import { toCsv } from './csv.ts';
import type { EvidenceRecord } from './evidence-reads.ts';
import type { PackFile, PackStamp } from './pack-file.ts';

// What the Portal reported of each loan to the credit bureaus, month by month.

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

export function metro2Files(record: EvidenceRecord, stamp: PackStamp): PackFile[] {
  const months = record.reported.flatMap((loan) =>
    reportedMonths(loan, stamp.today).map((row) => ({ loanId: loan.id, ...row })),
  );
  const adjustments = record.reported.flatMap((loan) =>
    (loan.adjustments ?? []).map((adjustment) => ({ loanId: loan.id, adjustment })),
  );
  return [
    {
      path: 'credit-reporting/metro2-history.csv',
      section: 'credit-reporting',
      description: `The Metro 2 account of each funded loan as the Portal reports it to the credit bureaus (the FCRA lookup's computation), for each month from funding (at most 7 years back) to ${stamp.today} or the month it closed; amounts in dollars.`,
      content: toCsv(
        [
          'loan_id',
          'month',
          'as_of',
          'reported',
          'account_status',
          'payment_rating',
          'payment_history_profile',
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
        months.map(({ loanId, month, account }) => ({
          loan_id: loanId,
          month,
          as_of: account.asOf,
          reported: account.reported,
          account_status: account.accountStatus,
          payment_rating: account.paymentRating,
          payment_history_profile: account.paymentHistoryProfile,
          highest_credit: centsToDollars(account.highestCreditCents),
          current_balance: centsToDollars(account.currentBalanceCents),
          amount_past_due: centsToDollars(account.amountPastDueCents),
          days_past_due: account.daysPastDue,
          original_charge_off: centsToDollars(account.originalChargeOffCents),
          actual_payment: centsToDollars(account.actualPaymentCents),
          date_of_first_delinquency: account.dateOfFirstDelinquency,
          date_closed: account.dateClosed,
          date_of_last_payment: account.dateOfLastPayment,
          consumer_information_indicator: account.consumerInformationIndicator,
          compliance_condition_code: account.complianceConditionCode,
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
