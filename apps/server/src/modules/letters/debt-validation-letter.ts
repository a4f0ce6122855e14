import { addBusinessDays, addDays, formatDollars } from '@portal/contracts';
import type { PdfBlock } from '../../platform/pdf.ts';
import { LENDER_NAME } from '../documents/index.ts';
import { heading, letterhead, paymentTable } from './letter-blocks.ts';
import { itemizeDebt, type LetterFacts } from './letter-facts.ts';

// Regulation F (12 CFR 1006.34(b)(5)) lets the sender assume the notice is received five days
// (Saturdays, Sundays and federal holidays excluded) after it is sent: five business days by the
// federal holiday calendar (rules/business-days.ts). The consumer then has 30 days from then.
const RECEIPT_BUSINESS_DAYS = 5;
const VALIDATION_PERIOD_DAYS = 30;

export function validationPeriodEnd(sentOn: string): string {
  return addDays(addBusinessDays(sentOn, RECEIPT_BUSINESS_DAYS), VALIDATION_PERIOD_DAYS);
}

// The validation notice (12 CFR 1006.34(c), in the words of model form B-1): who is owed, the
// itemization from the itemization date to today, the amount owed now, and the consumer's rights
// with the date by which they may dispute.
export function debtValidationBlocks(facts: LetterFacts): PdfBlock[] {
  const { date } = facts;
  const debt = itemizeDebt(facts);
  const disputeBy = validationPeriodEnd(date);
  const since = debt.itemizationDate;
  return [
    ...letterhead('Debt validation notice', date, facts.customer),
    {
      kind: 'text',
      text: `${LENDER_NAME} is the creditor of this debt and is trying to collect it. We will use any information you give us to help collect the debt.`,
    },
    { kind: 'gap', height: 6 },
    heading('Our information shows:'),
    { kind: 'text', text: `You have a loan from ${LENDER_NAME}. Loan ID: ${facts.loanId}`, bold: true },
    { kind: 'text', text: `As of ${since}, you owed: ${formatDollars(debt.owedThenCents)}` },
    { kind: 'text', text: `Between ${since} and ${date}:` },
    { kind: 'text', text: `   You were charged this amount in interest: + ${formatDollars(debt.interestCents)}` },
    { kind: 'text', text: `   You were charged this amount in fees: + ${formatDollars(debt.feesCents)}` },
    {
      kind: 'text',
      text: `   You paid or were credited this amount toward the debt: - ${formatDollars(debt.paymentsCents + debt.creditsCents)}`,
    },
    { kind: 'text', text: `Total amount of the debt now: ${formatDollars(debt.owedNowCents)}`, bold: true },
    { kind: 'gap', height: 8 },
    { kind: 'rule' },
    heading('How can you dispute the debt?'),
    {
      kind: 'text',
      text: `Call or write to us by ${disputeBy} to dispute all or part of the debt. If you do not, we will assume that our information is correct.`,
    },
    {
      kind: 'text',
      text: `If you write to us by ${disputeBy}, we must stop collection on any amount you dispute until we send you information that shows you owe the debt. You may write to us without a form, and you may include supporting documents.`,
    },
    { kind: 'gap', height: 6 },
    heading('What else can you do?'),
    {
      kind: 'text',
      text: `Write to ask for the name and address of the original creditor, if different from the current creditor. If you write by ${disputeBy}, we must stop collection until we send you that information.`,
    },
    {
      kind: 'text',
      text: 'Go to www.cfpb.gov/debt-collection to learn more about your rights under federal law.',
    },
    { kind: 'text', text: `Reach us by replying to any message from ${LENDER_NAME}. Please include your loan ID.` },
    { kind: 'gap', height: 8 },
    heading('Payments'),
    paymentTable(facts.payments),
  ];
}
