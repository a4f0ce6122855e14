import { formatDollars, type LoanInfo } from '@portal/contracts';
import type { customers } from '@portal/db';
import type { PdfBlock } from '../../platform/pdf.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { letterhead, money, paymentTable, paymentTotals } from './letter-blocks.ts';

// The account status letter: where the loan stands today, what was paid, what is due.
export function accountStatusBlocks(input: {
  date: string;
  customer: typeof customers.$inferSelect;
  loan: LoanInfo;
}): PdfBlock[] {
  const { date, customer, loan } = input;
  const totals = paymentTotals(loan);
  return [
    ...letterhead('Account status letter', date, customer),
    { kind: 'text', text: `Loan ID: ${loan.id}`, bold: true },
    { kind: 'text', text: `Status: ${loan.display_status}` },
    { kind: 'text', text: `Amount financed: ${money(loan.cash_advanced ?? loan.applied_amt)}` },
    { kind: 'text', text: `APR: ${loan.apr.toFixed(2)}%` },
    ...(loan.funded ? [{ kind: 'text' as const, text: `Funded on: ${loan.funded.slice(0, 10)}` }] : []),
    ...(loan.maturity ? [{ kind: 'text' as const, text: `Maturity: ${loan.maturity}` }] : []),
    { kind: 'gap', height: 8 },
    { kind: 'text', text: `Current balance (payoff amount on ${date}): ${money(loan.payoff_balance)}`, bold: true },
    {
      kind: 'text',
      text: `Payments made: ${totals.paid.length}, totalling ${formatDollars(totals.paidCents)}`,
    },
    {
      kind: 'text',
      text: `Payments due: ${totals.due.length}, totalling ${formatDollars(totals.dueCents)}${totals.next ? `; next ${money(totals.next.expected_amt)} due ${totals.next.due}` : ''}`,
    },
    { kind: 'gap', height: 8 },
    { kind: 'rule' },
    { kind: 'text', text: 'Payments', size: 12, bold: true },
    paymentTable(loan),
    { kind: 'gap', height: 14 },
    {
      kind: 'text',
      text: `This letter states the account as our records show it on ${date}. Questions? Reply to any message from ${LENDER_NAME}.`,
      size: 9,
    },
  ];
}
