import { formatDollars, maskSsn } from '@portal/contracts';
import type { PdfBlock } from '../../platform/pdf.ts';
import { heading, letterhead, paymentTable } from './letter-blocks.ts';
import type { LetterFacts } from './letter-facts.ts';

// The FCRA packet (spec 001 section 4): who the customer is (the SSN's last four only), the loan's
// reporting history (its dated events), its returned payments and its whole payment history, in
// one PDF that runs onto as many pages as it needs.
export function fcraPacketBlocks(facts: LetterFacts): PdfBlock[] {
  const { customer } = facts;
  const returns = facts.payments.flatMap((payment) =>
    payment.bounces.map((bounce) => [
      `#${payment.id}`,
      bounce.on,
      bounce.code,
      formatDollars(bounce.amountCents),
      bounce.feeWaived ? 'waived' : formatDollars(bounce.feeCents),
    ]),
  );
  return [
    ...letterhead('FCRA packet', facts.date, customer),
    heading('Consumer identity'),
    { kind: 'text', text: `Customer ID: ${customer.id}` },
    { kind: 'text', text: `Date of birth: ${customer.birthday ?? 'not on file'}` },
    { kind: 'text', text: `SSN: ${maskSsn(customer.ssnLast4) ?? 'not on file'}` },
    { kind: 'text', text: `Email: ${customer.email}` },
    { kind: 'text', text: `Phone: ${customer.phoneNumber ?? 'not on file'}` },
    { kind: 'gap', height: 8 },
    heading(`Loan ${facts.loanId}`),
    { kind: 'text', text: `Status: ${facts.status}` },
    { kind: 'text', text: `Amount financed: ${formatDollars(facts.principalCents)}` },
    { kind: 'text', text: `Payoff amount on ${facts.date}: ${formatDollars(facts.payoffCents)}` },
    ...(facts.maturity ? [{ kind: 'text' as const, text: `Maturity: ${facts.maturity}` }] : []),
    { kind: 'gap', height: 6 },
    heading('Reporting history'),
    {
      kind: 'table',
      columns: [
        { header: 'Date', width: 100 },
        { header: 'Event', width: 404 },
      ],
      rows: facts.events.map((event) => [event.on, event.what]),
    },
    { kind: 'gap', height: 6 },
    heading('Returned payments'),
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
    heading('Payment history'),
    paymentTable(facts.payments),
  ];
}
