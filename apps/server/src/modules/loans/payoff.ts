import { dateInTimeZone, payoffBreakdownCents, type PayoffBreakdown } from '@portal/contracts';
import { paymentState, principalOf } from './loan-state.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// The one payoff of the server: GET ticket's payoff_balance, the early repayment's amount, the
// payoff text, the settlement's ceiling, the letters and the balance reported to the credit bureaus
// all come from here.

export type PayoffLoan = Pick<
  LoanRecord,
  | 'fundedAt'
  | 'cashAdvancedCents'
  | 'appliedAmountCents'
  | 'aprBasisPoints'
  | 'installmentCount'
  | 'amountCreditedCents'
>;
export type PayoffPayment = Pick<
  PaymentRecord,
  'type' | 'due' | 'paidAt' | 'processingAt' | 'invalidAt' | 'refundedAt' | 'bounceFeeCents'
>;

// An installment counts as paid once it is paid or on its way (processing), unless cancelled or
// refunded (the money went back to the customer).
const paidOrProcessing = (payment: PayoffPayment) =>
  ['paid', 'processing'].includes(paymentState(payment)) && payment.refundedAt === null;

// What it takes to pay the loan off on `asOf`, part by part: the principal left on the schedule
// after the paid installments, daily interest since the last paid installment fell due (or since
// funding), the bounce fees of payments still to be collected, less what staff credited.
export function payoffBreakdownAsOf<Payment extends PayoffPayment>(
  loan: PayoffLoan,
  payments: readonly Payment[],
  asOf: string,
  timeZone: string,
  countsAsPaid: (payment: Payment) => boolean = paidOrProcessing,
): PayoffBreakdown {
  const paid = payments.filter((payment) => payment.type === 'Installment' && countsAsPaid(payment));
  const lastPaidDue = paid.reduce<string | null>(
    (latest, payment) => (latest === null || payment.due > latest ? payment.due : latest),
    null,
  );
  const fundedOn = loan.fundedAt ? dateInTimeZone(loan.fundedAt, timeZone) : asOf;
  const feesCents = payments
    .filter((payment) => paymentState(payment) === 'due')
    .reduce((total, payment) => total + payment.bounceFeeCents, 0);
  return payoffBreakdownCents({
    principalCents: principalOf(loan),
    aprBasisPoints: loan.aprBasisPoints,
    installmentCount: loan.installmentCount,
    paidInstallments: paid.length,
    interestFrom: lastPaidDue ?? fundedOn,
    asOf,
    feesCents,
    creditedCents: loan.amountCreditedCents,
  });
}

export function payoffCentsAsOf<Payment extends PayoffPayment>(
  loan: PayoffLoan,
  payments: readonly Payment[],
  asOf: string,
  timeZone: string,
  countsAsPaid?: (payment: Payment) => boolean,
): number {
  return payoffBreakdownAsOf(loan, payments, asOf, timeZone, countsAsPaid).totalCents;
}

// The payoff as it stood on `asOf`, for a report of an earlier day (the Metro 2 account): an
// installment counts as paid once it was on its way or paid by that day, unless refunded by then.
// On today it is the loan card's payoff to the cent; staff credits count on every day.
export function payoffCentsOn<Payment extends PayoffPayment>(
  loan: PayoffLoan,
  payments: readonly Payment[],
  asOf: string,
  timeZone: string,
): number {
  const byThen = (at: Date | null) => at !== null && dateInTimeZone(at, timeZone) <= asOf;
  const paidByThen = (payment: Payment) =>
    ['paid', 'processing'].includes(paymentState(payment)) &&
    byThen(payment.processingAt ?? payment.paidAt) &&
    !byThen(payment.refundedAt);
  return payoffCentsAsOf(loan, payments, asOf, timeZone, paidByThen);
}
