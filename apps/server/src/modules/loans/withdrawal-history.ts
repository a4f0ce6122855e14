import { dateInTimeZone, type Withdrawal } from '@portal/contracts';
import type { PaymentWithBounces } from './loan-info.ts';

const earlier = (a: string, b: string) => (a < b ? a : b);

// A customer's withdrawal history as the failed-debit rules read it (contracts rules/failed-debits.ts),
// from the payments of all their loans. Each return of a payment is a failed presentment, sent on the
// payment's due date (or on the return's date when that is earlier: a payment moved after it came
// back); a payment paid is a successful one (sent the day it was paid, if before its due date); one
// processing is pending. A payment never sent (due, without a return) is no withdrawal. The day is
// the debit's (its effective date); within a day, withdrawals are ordered by the moment each was
// sent when the Portal recorded it (payments.presented_at, kept when it comes back), which belongs
// to the payment's latest presentment.
export function withdrawalHistory(rows: readonly PaymentWithBounces[], timeZone: string): Withdrawal[] {
  return rows.flatMap(({ payment, bounces }) => {
    const base = { paymentId: payment.id, loanId: payment.loanId, representsPaymentId: payment.representsPaymentId };
    const presentedAt = payment.presentedAt?.toISOString() ?? null;
    const stillOut = payment.paidAt !== null || (payment.processingAt !== null && !payment.invalidAt);
    const latestBounce = bounces.at(-1);
    const returns = bounces.map((bounce): Withdrawal => ({
      ...base,
      presentedOn: earlier(bounce.bouncedOn, payment.due),
      presentedAt: !stillOut && bounce === latestBounce ? presentedAt : null,
      outcome: { status: 'returned', code: bounce.returnCode, returnedOn: bounce.bouncedOn, bounceId: bounce.id },
    }));
    if (payment.paidAt)
      return [
        ...returns,
        {
          ...base,
          presentedOn: earlier(dateInTimeZone(payment.paidAt, timeZone), payment.due),
          presentedAt,
          outcome: { status: 'paid' },
        },
      ];
    if (payment.processingAt && !payment.invalidAt)
      return [...returns, { ...base, presentedOn: payment.due, presentedAt, outcome: { status: 'pending' } }];
    return returns;
  });
}
