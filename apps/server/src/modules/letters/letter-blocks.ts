import { formatDollars } from '@portal/contracts';
import type { PdfBlock } from '../../platform/pdf.ts';
import { customerName } from '../customers/index.ts';
import { LENDER_NAME } from '../documents/index.ts';
import type { LetterCustomer, LetterPayment } from './letter-facts.ts';

// The pieces every letter shares: the letterhead with the customer's name and address, the
// payment table.

export function cityLine(customer: LetterCustomer): string {
  return [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function letterhead(title: string, date: string, customer: LetterCustomer): PdfBlock[] {
  const city = cityLine(customer);
  return [
    { kind: 'text', text: LENDER_NAME, size: 18, bold: true },
    { kind: 'text', text: title, size: 13 },
    { kind: 'text', text: `Date: ${date}` },
    { kind: 'gap', height: 10 },
    { kind: 'text', text: customerName(customer), bold: true },
    ...(customer.street ? [{ kind: 'text' as const, text: customer.street }] : []),
    ...(city ? [{ kind: 'text' as const, text: city }] : []),
    { kind: 'gap', height: 10 },
  ];
}

export function heading(text: string): PdfBlock {
  return { kind: 'text', text, size: 12, bold: true };
}

export function paymentTable(payments: readonly LetterPayment[]): PdfBlock {
  if (payments.length === 0) return { kind: 'text', text: 'No payments are scheduled on this loan.' };
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
    rows: payments.map((payment) => [
      `#${payment.id}`,
      payment.due,
      payment.type,
      formatDollars(payment.amountCents),
      payment.state,
      payment.paidOn ?? '',
    ]),
  };
}
