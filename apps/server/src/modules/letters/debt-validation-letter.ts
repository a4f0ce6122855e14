import { addDays, formatDollars, type LoanInfo } from '@portal/contracts';
import type { customers } from '@portal/db';
import type { PdfBlock } from '../../platform/pdf.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { centsOf, letterhead, paymentTable } from './letter-blocks.ts';

// Regulation F (12 CFR 1006.34) gives the consumer at least 30 days after receiving the notice;
// five more days are allowed for the mail.
export const VALIDATION_PERIOD_DAYS = 35;

// The itemization of the debt a validation notice needs (12 CFR 1006.34(c)(2)): the amount owed
// on the itemization date (here the transaction date: the day the loan was funded), the interest,
// fees, payments and credits since, and the amount owed now; the creditor; the consumer's rights
// and the date by which they may dispute.
export function debtValidationBlocks(input: {
  date: string;
  customer: typeof customers.$inferSelect;
  loan: LoanInfo;
  feesCents: number;
}): PdfBlock[] {
  const { date, customer, loan, feesCents } = input;
  const itemizationDate = (loan.funded ?? loan.applied).slice(0, 10);
  const owedThen = centsOf(loan.cash_advanced ?? loan.applied_amt);
  const paidCents = loan.payments
    .filter((payment) => payment.state === 'paid')
    .reduce((sum, payment) => sum + centsOf(payment.expected_amt), 0);
  const creditsCents = centsOf(loan.amount_credited_to_loan);
  const nowCents = centsOf(loan.payoff_balance);
  // What makes the itemization add up: owed then + interest + fees - payments and credits = now.
  const interestCents = Math.max(0, nowCents - owedThen - feesCents + paidCents + creditsCents);
  const disputeBy = addDays(date, VALIDATION_PERIOD_DAYS);
  return [
    ...letterhead('Debt validation notice', date, customer),
    { kind: 'text', text: `${LENDER_NAME} is the creditor of this debt. Loan ID: ${loan.id}`, bold: true },
    { kind: 'gap', height: 6 },
    { kind: 'text', text: `As of ${itemizationDate}, you owed: ${formatDollars(owedThen)}` },
    { kind: 'text', text: `Between ${itemizationDate} and today:` },
    { kind: 'text', text: `   You were charged this amount in interest: + ${formatDollars(interestCents)}` },
    { kind: 'text', text: `   You were charged this amount in fees: + ${formatDollars(feesCents)}` },
    {
      kind: 'text',
      text: `   You paid or were credited this amount toward the debt: - ${formatDollars(paidCents + creditsCents)}`,
    },
    { kind: 'text', text: `Total amount of the debt now: ${formatDollars(nowCents)}`, bold: true },
    { kind: 'gap', height: 8 },
    { kind: 'rule' },
    { kind: 'text', text: 'How can you dispute the debt?', size: 12, bold: true },
    {
      kind: 'text',
      text: `Call or write to us by ${disputeBy} to dispute all or part of the debt. If you do not, we will assume that our information is correct.`,
    },
    {
      kind: 'text',
      text: `If you write to us by ${disputeBy}, we must stop collection on any amount you dispute until we send you information`,
    },
    {
      kind: 'text',
      text: 'that shows you owe the debt. You may also ask us for the name and address of the original creditor.',
    },
    { kind: 'gap', height: 8 },
    { kind: 'text', text: 'Payments', size: 12, bold: true },
    paymentTable(loan),
  ];
}
