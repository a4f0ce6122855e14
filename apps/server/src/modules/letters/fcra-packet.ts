import { dollarsToCents, formatDollars, type LoanInfo } from '@portal/contracts';
import type { customers } from '@portal/db';
import type { PdfBlock } from '../../platform/pdf.ts';
import { letterhead, money, paymentTable } from './letter-blocks.ts';

type Customer = typeof customers.$inferSelect;

// The loan's history as it is reported: each dated event of the loan, in order.
function reportingHistory(loan: LoanInfo): string[][] {
  const events: Array<[string | null, string]> = [
    [loan.applied, 'Applied'],
    [loan.approved, 'Approved'],
    [loan.accepted, 'Accepted'],
    [loan.funded, 'Funded (account opened)'],
    [loan.funding_returned, 'Funding returned'],
    [loan.denied, `Denied${loan.deny_reason ? ` (${loan.deny_reason})` : ''}`],
    [loan.closed_at, 'Closed'],
    [loan.paid_off, 'Paid off'],
  ];
  return events
    .filter((event): event is [string, string] => event[0] !== null)
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([at, what]) => [at.slice(0, 10), what]);
}

// The FCRA packet (spec 001 section 4): who the customer is (the SSN's last four only), the loan's
// reporting history, its returned payments and its whole payment history, in one PDF.
export function fcraPacketBlocks(input: { date: string; customer: Customer; loan: LoanInfo }): PdfBlock[] {
  const { date, customer, loan } = input;
  const returns = loan.payments.flatMap((payment) =>
    payment.bounces.map((bounce) => [
      `#${payment.id}`,
      bounce.date,
      bounce.code,
      money(bounce.amount),
      bounce.fee_waived ? 'waived' : money(bounce.fee),
    ]),
  );
  return [
    ...letterhead('FCRA packet', date, customer),
    { kind: 'text', text: 'Consumer identity', size: 12, bold: true },
    { kind: 'text', text: `Customer ID: ${customer.id}` },
    { kind: 'text', text: `Date of birth: ${customer.birthday ?? 'not on file'}` },
    { kind: 'text', text: `SSN: ${customer.ssnLast4 ? `***-**-${customer.ssnLast4}` : 'not on file'}` },
    { kind: 'text', text: `Email: ${customer.email}` },
    { kind: 'text', text: `Phone: ${customer.phoneNumber ?? 'not on file'}` },
    { kind: 'gap', height: 8 },
    { kind: 'text', text: `Loan ${loan.id}`, size: 12, bold: true },
    { kind: 'text', text: `Status: ${loan.display_status}` },
    { kind: 'text', text: `Amount financed: ${money(loan.cash_advanced ?? loan.applied_amt)}` },
    { kind: 'text', text: `Current balance: ${formatDollars(dollarsToCents(loan.payoff_balance))}` },
    { kind: 'gap', height: 6 },
    { kind: 'text', text: 'Reporting history', size: 12, bold: true },
    {
      kind: 'table',
      columns: [
        { header: 'Date', width: 100 },
        { header: 'Event', width: 404 },
      ],
      rows: reportingHistory(loan),
    },
    { kind: 'gap', height: 6 },
    { kind: 'text', text: 'Returned payments', size: 12, bold: true },
    returns.length === 0
      ? { kind: 'text', text: 'No payment of this loan was returned.' }
      : {
          kind: 'table',
          columns: [
            { header: 'Payment', width: 90 },
            { header: 'Returned on', width: 100 },
            { header: 'Code', width: 80 },
            { header: 'Amount', width: 110, align: 'right' },
            { header: 'Fee', width: 124, align: 'right' },
          ],
          rows: returns,
        },
    { kind: 'gap', height: 6 },
    { kind: 'text', text: 'Payment history', size: 12, bold: true },
    paymentTable(loan),
  ];
}
