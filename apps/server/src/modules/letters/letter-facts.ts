import { dateInTimeZone, loanDisplayLabel } from '@portal/contracts';
import type { CustomerRecord } from '../customers/index.ts';
import { paymentState, payoffBreakdownToday, principalOf, type PaymentState } from '../loans/index.ts';
import type { LetterSubject } from './repository.ts';

// What the letters say about a loan, in integer cents and business dates, read once from the loan
// read model's rules (display status, payment state, payoff) so a letter says what the screens say.

export type LetterCustomer = CustomerRecord;

export type LetterBounce = { on: string; code: string; amountCents: number; feeCents: number; feeWaived: boolean };

export type LetterPayment = {
  id: number;
  due: string;
  type: string;
  amountCents: number;
  state: PaymentState;
  // The business date it was paid (or went into processing), if it was.
  paidOn: string | null;
  // A bounce fee still to be collected with this payment.
  bounceFeeCents: number;
  bounces: LetterBounce[];
};

export type LetterFacts = {
  date: string;
  customer: LetterCustomer;
  loanId: number;
  status: string;
  principalCents: number;
  aprBasisPoints: number;
  fundedOn: string | null;
  maturity: string | null;
  payoffCents: number;
  creditedCents: number;
  payments: LetterPayment[];
  // The loan's dated events, oldest first (the FCRA packet's reporting history).
  events: Array<{ on: string; what: string }>;
};

export function toLetterFacts(subject: LetterSubject, date: string, timeZone: string): LetterFacts {
  const { loan, customer } = subject;
  const iso = (at: Date | null) => (at ? at.toISOString() : null);
  const onDate = (at: Date) => dateInTimeZone(at, timeZone);
  const dated: Array<[Date | null, string]> = [
    [loan.appliedAt, 'Applied'],
    [loan.approvedAt, 'Approved'],
    [loan.acceptedAt, 'Accepted'],
    [loan.fundedAt, 'Funded (account opened)'],
    [loan.fundingReturnedAt, 'Funding returned'],
    [loan.deniedAt, `Denied${loan.denyReason ? ` (${loan.denyReason})` : ''}`],
    [loan.closedAt, 'Closed'],
    [loan.paidOffAt, 'Paid off'],
  ];
  return {
    date,
    customer,
    loanId: loan.id,
    status: loanDisplayLabel({
      approved: iso(loan.approvedAt),
      accepted: iso(loan.acceptedAt),
      funded: iso(loan.fundedAt),
      denied: iso(loan.deniedAt),
      closed_at: iso(loan.closedAt),
      paid_off: iso(loan.paidOffAt),
    }),
    principalCents: principalOf(loan),
    aprBasisPoints: loan.aprBasisPoints,
    fundedOn: loan.fundedAt ? onDate(loan.fundedAt) : null,
    maturity: loan.maturity,
    // The letters add the unpaid bounce fees themselves, line by line.
    payoffCents: payoffWithoutFees(
      payoffBreakdownToday({ loan, payments: subject.payments }, { today: date, timeZone }),
    ),
    creditedCents: loan.amountCreditedCents,
    payments: subject.payments.map(({ payment, bounces }) => {
      const paidAt = payment.paidAt ?? payment.processingAt;
      return {
        id: payment.id,
        due: payment.due,
        type: payment.type,
        amountCents: payment.expectedAmountCents,
        state: paymentState(payment),
        paidOn: paidAt ? onDate(paidAt) : null,
        bounceFeeCents: payment.bounceFeeCents,
        bounces: bounces.map((bounce) => ({
          on: bounce.bouncedOn,
          code: bounce.returnCode,
          amountCents: bounce.amountCents,
          feeCents: bounce.feeCents,
          feeWaived: bounce.feeWaived,
        })),
      };
    }),
    events: dated
      .filter((event): event is [Date, string] => event[0] !== null)
      .sort((a, b) => a[0].getTime() - b[0].getTime())
      .map(([at, what]) => ({ on: onDate(at), what })),
  };
}

const payoffWithoutFees = (breakdown: { totalCents: number; feesCents: number }) =>
  breakdown.totalCents - breakdown.feesCents;

const sumCents = (list: readonly LetterPayment[]) => list.reduce((total, payment) => total + payment.amountCents, 0);
// Paid, or on its way (processing): what the payoff counts as paid.
const isMade = (payment: LetterPayment) => payment.state === 'paid' || payment.state === 'processing';

// Payments made (paid or processing) and still due, with the next one due.
export function summarizePayments(payments: readonly LetterPayment[]) {
  const made = payments.filter(isMade);
  const due = payments.filter((payment) => payment.state === 'due');
  const next = due.reduce<LetterPayment | null>(
    (first, payment) => (!first || payment.due < first.due ? payment : first),
    null,
  );
  return { made, due, madeCents: sumCents(made), dueCents: sumCents(due), next };
}

export type DebtItemization = {
  itemizationDate: string;
  owedThenCents: number;
  interestCents: number;
  feesCents: number;
  paymentsCents: number;
  creditsCents: number;
  owedNowCents: number;
};

// Regulation F's itemization (12 CFR 1006.34(c)(2)) from the transaction date (funding). What is
// owed now is what the screens' rules say: the payoff (principal and interest) plus the bounce
// fees still to be collected with open payments. Fees are the bounce fees charged and not waived;
// payments are those paid or processing; interest is what makes the lines add up (the payoff's
// interest, and the interest inside the installments paid).
export function itemizeDebt(
  facts: Pick<LetterFacts, 'fundedOn' | 'principalCents' | 'payoffCents' | 'creditedCents' | 'payments'>,
): DebtItemization {
  if (facts.fundedOn === null) throw new Error('itemizeDebt: the loan was never funded');
  const feesCents = facts.payments
    .flatMap((payment) => payment.bounces)
    .filter((bounce) => !bounce.feeWaived)
    .reduce((total, bounce) => total + bounce.feeCents, 0);
  const feesOwedCents = facts.payments
    .filter((payment) => payment.state === 'due')
    .reduce((total, payment) => total + payment.bounceFeeCents, 0);
  const paymentsCents = summarizePayments(facts.payments).madeCents;
  const owedNowCents = facts.payoffCents + feesOwedCents;
  const interestCents = Math.max(
    0,
    owedNowCents - facts.principalCents - feesCents + paymentsCents + facts.creditedCents,
  );
  return {
    itemizationDate: facts.fundedOn,
    owedThenCents: facts.principalCents,
    interestCents,
    feesCents,
    paymentsCents,
    creditsCents: facts.creditedCents,
    owedNowCents,
  };
}
