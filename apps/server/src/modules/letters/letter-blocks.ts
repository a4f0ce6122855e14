import { dollarsToCents, formatDollars, type LoanInfo } from '@portal/contracts';
import type { customers } from '@portal/db';
import type { PdfBlock } from '../../platform/pdf.ts';
import { customerName } from '../customers/index.ts';
import { LENDER_NAME } from '../documents/index.ts';

// The pieces every letter shares: the letterhead, the customer's address, money in dollars.

type Customer = typeof customers.$inferSelect;

export const money = (dollars: number) => formatDollars(dollarsToCents(dollars));
export const centsOf = (dollars: number) => dollarsToCents(dollars);

export function letterhead(title: string, date: string, customer: Customer): PdfBlock[] {
  const cityLine = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [
    { kind: 'text', text: LENDER_NAME, size: 18, bold: true },
    { kind: 'text', text: title, size: 13 },
    { kind: 'text', text: `Date: ${date}` },
    { kind: 'gap', height: 10 },
    { kind: 'text', text: customerName(customer), bold: true },
    ...(customer.street ? [{ kind: 'text' as const, text: customer.street }] : []),
    ...(cityLine ? [{ kind: 'text' as const, text: cityLine }] : []),
    { kind: 'gap', height: 10 },
  ];
}

export function paymentTable(loan: LoanInfo): PdfBlock {
  if (loan.payments.length === 0) return { kind: 'text', text: 'No payments are scheduled on this loan.' };
  return {
    kind: 'table',
    columns: [
      { header: 'Payment', width: 70 },
      { header: 'Due date', width: 80 },
      { header: 'Type', width: 104 },
      { header: 'Amount', width: 90, align: 'right' },
      { header: 'State', width: 80 },
      { header: 'Paid on', width: 80 },
    ],
    rows: loan.payments.map((payment) => [
      `#${payment.id}`,
      payment.due,
      payment.type,
      money(payment.expected_amt),
      payment.state,
      payment.paid ? payment.paid.slice(0, 10) : '',
    ]),
  };
}

// What has been paid and what is still due, from the loan read model's payment states.
export function paymentTotals(loan: LoanInfo) {
  const paid = loan.payments.filter((payment) => payment.state === 'paid');
  const due = loan.payments.filter((payment) => payment.state === 'due');
  const sum = (list: typeof paid) => list.reduce((total, payment) => total + centsOf(payment.expected_amt), 0);
  return { paid, due, paidCents: sum(paid), dueCents: sum(due), next: due[0] ?? null };
}
