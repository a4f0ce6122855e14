import { dateInTimeZone, type Withdrawal } from '@portal/contracts';
import type { PaymentWithBounces } from './loan-info.ts';

const earlier = (a: string, b: string) => (a < b ? a : b);

// A customer's withdrawal history as the failed-debit rules read it (contracts rules/failed-debits.ts),
// from the payments of all their loans. Each return of a payment is a failed presentment, sent on the
// payment's due date (or on the return's date when that is earlier: a payment moved after it came
// back); a payment paid is a successful one (sent the day it was paid, if before its due date);
// one processing is pending. A payment never sent (due, without a return) is no withdrawal.
export function withdrawalHistory(rows: readonly PaymentWithBounces[], timeZone: string): Withdrawal[] {
  return rows.flatMap(({ payment, bounces }) => {
    const base = { paymentId: payment.id, loanId: payment.loanId, representsPaymentId: payment.representsPaymentId };
    const returns = bounces.map((bounce): Withdrawal => ({
      ...base,
      presentedOn: earlier(bounce.bouncedOn, payment.due),
      outcome: { status: 'returned', code: bounce.returnCode, returnedOn: bounce.bouncedOn, bounceId: bounce.id },
    }));
    if (payment.paidAt)
      return [
        ...returns,
        {
          ...base,
          presentedOn: earlier(dateInTimeZone(payment.paidAt, timeZone), payment.due),
          outcome: { status: 'paid' },
        },
      ];
    if (payment.processingAt && !payment.invalidAt)
      return [...returns, { ...base, presentedOn: payment.due, outcome: { status: 'pending' } }];
    return returns;
  });
}
