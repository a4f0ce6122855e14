import { dateInTimeZone, payoffBalanceCents } from '@portal/contracts';
import { paymentState, principalOf } from './loan-state.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// The one payoff of the server: GET ticket's payoff_balance, the early repayment's amount, the
// payoff text and the statements all come from here.

export type PayoffLoan = Pick<
  LoanRecord,
  'fundedAt' | 'cashAdvancedCents' | 'appliedAmountCents' | 'aprBasisPoints' | 'installmentCount'
>;
export type PayoffPayment = Pick<PaymentRecord, 'type' | 'due' | 'paidAt' | 'processingAt' | 'invalidAt'>;

// An installment counts as paid once it is paid or on its way (processing), unless cancelled.
const paidOrProcessing = (payment: PayoffPayment) => ['paid', 'processing'].includes(paymentState(payment));

// What it takes to pay the loan off on `asOf`: the principal left on the schedule after the paid
// installments, plus daily interest since the last paid installment fell due (or since funding).
export function payoffCentsAsOf<Payment extends PayoffPayment>(
  loan: PayoffLoan,
  payments: readonly Payment[],
  asOf: string,
  timeZone: string,
  countsAsPaid: (payment: Payment) => boolean = paidOrProcessing,
): number {
  const paid = payments.filter((payment) => payment.type === 'Installment' && countsAsPaid(payment));
  const lastPaidDue = paid.reduce<string | null>(
    (latest, payment) => (latest === null || payment.due > latest ? payment.due : latest),
    null,
  );
  const fundedOn = loan.fundedAt ? dateInTimeZone(loan.fundedAt, timeZone) : asOf;
  return payoffBalanceCents({
    principalCents: principalOf(loan),
    aprBasisPoints: loan.aprBasisPoints,
    installmentCount: loan.installmentCount,
    paidInstallments: paid.length,
    interestFrom: lastPaidDue ?? fundedOn,
    asOf,
  });
}
