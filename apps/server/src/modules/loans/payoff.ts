import { payoffBalanceCents } from '@portal/contracts';
import { dateInTimeZone } from '../../platform/business-date.ts';
import { paymentState, principalOf } from './loan-state.ts';
import type { LoanRecord, PaymentRecord } from './repository.ts';

// An installment counts as paid once it is paid or on its way (processing), unless cancelled.
const paidOrProcessing = (payment: PaymentRecord) => ['paid', 'processing'].includes(paymentState(payment));

// What it takes to pay the loan off on `asOf`: the principal left on the schedule after the paid
// installments, plus daily interest since the last paid installment fell due (or since funding).
export function payoffCentsAsOf(
  loan: LoanRecord,
  payments: PaymentRecord[],
  asOf: string,
  timeZone: string,
  countsAsPaid: (payment: PaymentRecord) => boolean = paidOrProcessing,
): number {
  const paid = payments.filter((payment) => payment.type === 'Installment' && countsAsPaid(payment));
  const lastPaidDue = paid.reduce<string | null>((latest, payment) => (latest === null || payment.due > latest ? payment.due : latest), null);
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
