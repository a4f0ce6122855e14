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
// The bank account of each presentment is its ACH entry's (a return tied to its entry, the
// presentment still out to the entry not returned); one the Portal holds no entry for has none.
export function withdrawalHistory(rows: readonly PaymentWithBounces[], timeZone: string): Withdrawal[] {
  return rows.flatMap(({ payment, bounces, entries = [] }) => {
    const base = { paymentId: payment.id, loanId: payment.loanId, representsPaymentId: payment.representsPaymentId };
    const accountOfBounce = (bounceId: number) =>
      entries.find((entry) => entry.returnedBounceId === bounceId)?.bankAccountId ?? null;
    const outstanding = entries.filter((entry) => entry.returnedBounceId === null).at(-1)?.bankAccountId ?? null;
    const presentedAt = payment.presentedAt?.toISOString() ?? null;
    const stillOut = payment.paidAt !== null || (payment.processingAt !== null && !payment.invalidAt);
    const latestBounce = bounces.at(-1);
    const returns = bounces.map((bounce): Withdrawal => ({
      ...base,
      presentedOn: earlier(bounce.bouncedOn, payment.due),
      presentedAt: !stillOut && bounce === latestBounce ? presentedAt : null,
      outcome: { status: 'returned', code: bounce.returnCode, returnedOn: bounce.bouncedOn, bounceId: bounce.id },
      accountId: accountOfBounce(bounce.id),
    }));
    if (payment.paidAt)
      return [
        ...returns,
        {
          ...base,
          presentedOn: earlier(dateInTimeZone(payment.paidAt, timeZone), payment.due),
          presentedAt,
          outcome: { status: 'paid' },
          accountId: outstanding,
        },
      ];
    if (payment.processingAt && !payment.invalidAt)
      return [
        ...returns,
        { ...base, presentedOn: payment.due, presentedAt, outcome: { status: 'pending' }, accountId: outstanding },
      ];
    return returns;
  });
}
