import { formatDollars } from '@portal/contracts';
import type { PdfBlock } from '../../platform/pdf.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { heading, letterhead, paymentTable } from './letter-blocks.ts';
import { itemizeDebt, summarizePayments, type LetterFacts } from './letter-facts.ts';

// The account status letter: where the loan stands on the letter's date, what was paid, what is due.
export function accountStatusBlocks(facts: LetterFacts): PdfBlock[] {
  const { date } = facts;
  const payments = summarizePayments(facts.payments);
  // The balance is the debt validation letter's amount owed now, so the two letters agree.
  const balanceCents = facts.fundedOn === null ? 0 : itemizeDebt(facts).owedNowCents;
  const feesOwedCents = balanceCents - facts.payoffCents;
  const next = payments.next;
  return [
    ...letterhead('Account status letter', date, facts.customer),
    { kind: 'text', text: `Loan ID: ${facts.loanId}`, bold: true },
    { kind: 'text', text: `Status: ${facts.status}` },
    { kind: 'text', text: `Amount financed: ${formatDollars(facts.principalCents)}` },
    { kind: 'text', text: `APR: ${(facts.aprBasisPoints / 100).toFixed(2)}%` },
    ...(facts.fundedOn ? [{ kind: 'text' as const, text: `Funded on: ${facts.fundedOn}` }] : []),
    ...(facts.maturity ? [{ kind: 'text' as const, text: `Maturity: ${facts.maturity}` }] : []),
    { kind: 'gap', height: 8 },
    { kind: 'text', text: `Current balance on ${date}: ${formatDollars(balanceCents)}`, bold: true },
    ...(feesOwedCents > 0
      ? [
          {
            kind: 'text' as const,
            text: `(payoff amount ${formatDollars(facts.payoffCents)} plus ${formatDollars(feesOwedCents)} of bounce fees due with open payments)`,
          },
        ]
      : []),
    { kind: 'text', text: `Payments made: ${payments.made.length}, totalling ${formatDollars(payments.madeCents)}` },
    {
      kind: 'text',
      text: `Payments due: ${payments.due.length}, totalling ${formatDollars(payments.dueCents)}${next ? `; next payment ${formatDollars(next.amountCents)} due ${next.due}${next.due < date ? ' (past due)' : ''}` : ''}`,
    },
    { kind: 'gap', height: 8 },
    { kind: 'rule' },
    heading('Payments'),
    paymentTable(facts.payments),
    { kind: 'gap', height: 14 },
    {
      kind: 'text',
      text: `This letter states the account as our records show it on ${date}. Questions? Reply to any message from ${LENDER_NAME}.`,
      size: 9,
    },
  ];
}
