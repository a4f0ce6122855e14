import { dateInTimeZone, formatDollars } from '@portal/contracts';
import { renderPdf, type PdfBlock } from '../../platform/pdf.ts';
import { payoffCentsAsOf, principalOf, type LoanRecord, type PaymentRecord } from '../loans/index.ts';
import { customerName, type CustomerRecord } from '../customers/index.ts';
import type { StatementRecord } from './repository.ts';

export const LENDER_NAME = 'Portal Lending';

type StatementInput = {
  statement: StatementRecord;
  loan: LoanRecord;
  customer: CustomerRecord;
  payments: PaymentRecord[];
  timeZone: string;
  now: Date;
};

// A payment as it stood at the end of the statement date (later changes are not on this statement).
function stateOn(payment: PaymentRecord, date: string, timeZone: string): 'paid' | 'processing' | 'invalid' | 'due' {
  const by = (at: Date | null) => at !== null && dateInTimeZone(at, timeZone) <= date;
  if (by(payment.invalidAt)) return 'invalid';
  if (by(payment.paidAt)) return 'paid';
  if (by(payment.processingAt)) return 'processing';
  return 'due';
}

// The loan statement of one date: who, which loan, the payments due up to that date with their
// amounts and states, and the balance then.
export async function renderStatementPdf(input: StatementInput): Promise<Buffer> {
  const { statement, loan, customer, payments, timeZone } = input;
  const date = statement.statementDate;
  const shown = payments.filter((payment) => payment.due <= date);
  const paidByThen = (payment: PaymentRecord) => stateOn(payment, date, timeZone) === 'paid';
  const paidCents = shown.filter(paidByThen).reduce((sum, payment) => sum + payment.expectedAmountCents, 0);
  const balanceCents = loan.fundedAt ? payoffCentsAsOf(loan, payments, date, timeZone, paidByThen) : 0;
  const next = payments.find((payment) => payment.due > date && stateOn(payment, date, timeZone) === 'due');
  const cityLine = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  const blocks: PdfBlock[] = [
    { kind: 'text', text: LENDER_NAME, size: 18, bold: true },
    { kind: 'text', text: 'Loan statement', size: 13 },
    { kind: 'gap', height: 10 },
    { kind: 'text', text: customerName(customer), bold: true },
    ...(customer.street ? [{ kind: 'text' as const, text: customer.street }] : []),
    ...(cityLine ? [{ kind: 'text' as const, text: cityLine }] : []),
    { kind: 'gap', height: 10 },
    { kind: 'text', text: `Loan ID: ${loan.id}` },
    { kind: 'text', text: `Statement date: ${date}` },
    { kind: 'text', text: `Amount financed: ${formatDollars(principalOf(loan))}` },
    { kind: 'text', text: `APR: ${(loan.aprBasisPoints / 100).toFixed(2)}%` },
    ...(loan.fundedAt
      ? [{ kind: 'text' as const, text: `Funded on: ${dateInTimeZone(loan.fundedAt, timeZone)}` }]
      : []),
    ...(loan.maturity ? [{ kind: 'text' as const, text: `Maturity: ${loan.maturity}` }] : []),
    { kind: 'gap', height: 10 },
    { kind: 'rule' },
    { kind: 'text', text: 'Payments', size: 12, bold: true },
    shown.length === 0
      ? { kind: 'text', text: 'No payments were due by this date.' }
      : {
          kind: 'table',
          // 504 points: the width between the margins.
          columns: [
            { header: 'Due date', width: 80 },
            { header: 'Type', width: 110 },
            { header: 'Method', width: 60 },
            { header: 'Amount', width: 90, align: 'right' },
            { header: 'State', width: 80 },
            { header: 'Paid on', width: 84 },
          ],
          rows: shown.map((payment) => [
            payment.due,
            payment.type,
            payment.method.toUpperCase(),
            formatDollars(payment.expectedAmountCents),
            stateOn(payment, date, timeZone),
            payment.paidAt && paidByThen(payment) ? dateInTimeZone(payment.paidAt, timeZone) : '',
          ]),
        },
    { kind: 'rule' },
    { kind: 'text', text: `Paid by ${date}: ${formatDollars(paidCents)}`, bold: true },
    { kind: 'text', text: `Balance (payoff amount) on ${date}: ${formatDollars(balanceCents)}`, bold: true },
    ...(next
      ? [{ kind: 'text' as const, text: `Next payment: ${formatDollars(next.expectedAmountCents)} due ${next.due}` }]
      : []),
    { kind: 'gap', height: 16 },
    {
      kind: 'text',
      text: `Questions about this statement? Reply to any message from ${LENDER_NAME} and our team will help.`,
      size: 9,
    },
  ];
  return renderPdf(blocks, {
    title: `${LENDER_NAME} statement ${date}, loan ${loan.id}`,
    author: LENDER_NAME,
    createdAt: input.now,
  });
}
