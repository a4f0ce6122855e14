import { and, desc, sql } from 'drizzle-orm';
import { bounces, payments, type Executor } from '@portal/db';
import { olderThan, timeKeyOf, type TimeBound } from '../../platform/time-keyset.ts';
import { loanIdsOfCustomer } from './customer-subqueries.ts';

// A customer's money movements for their timeline (issue 40), newest first, a page after the bound:
// the payments that were collected or sent to the bank (when money moved or was asked for), and the
// returns. A customer has a few hundred payments at most: their loans' ids are a subquery, and each
// page is sorted from them.

export type PaymentEventStatus = 'paid' | 'processing' | 'returned' | 'invalid' | 'refunded';

// Refunded and invalid win (the money went back, or the payment no longer counts); a payment sent to
// the bank that neither came back nor was paid is still being processed.
function paymentEventStatus(facts: Record<Exclude<PaymentEventStatus, 'processing'>, boolean>): PaymentEventStatus {
  const order = ['refunded', 'invalid', 'paid', 'returned'] as const;
  return order.find((status) => facts[status]) ?? 'processing';
}

// A payment's moment on the timeline: paid, or else sent to the bank.
const paymentTime = sql`coalesce(${payments.paidAt}, ${payments.presentedAt})`;

export async function findPaymentEventsPage(
  executor: Executor,
  customerId: number,
  bound: TimeBound | null,
  limit: number,
) {
  const rows = await executor
    .select({
      id: payments.id,
      loanId: payments.loanId,
      amountCents: payments.expectedAmountCents,
      method: payments.method,
      type: payments.type,
      due: payments.due,
      paid: sql<boolean>`${payments.paidAt} is not null`,
      invalid: sql<boolean>`${payments.invalidAt} is not null`,
      refunded: sql<boolean>`${payments.refundedAt} is not null`,
      returned: sql<boolean>`exists (select 1 from ${bounces} where ${bounces.paymentId} = ${sql`${payments.id}`})`,
      timeKey: timeKeyOf(paymentTime),
    })
    .from(payments)
    .where(
      and(
        sql`${payments.loanId} in (${loanIdsOfCustomer(customerId)})`,
        sql`${paymentTime} is not null`,
        olderThan(paymentTime, payments.id, bound),
      ),
    )
    .orderBy(sql`${paymentTime} desc`, desc(payments.id))
    .limit(limit);
  return rows.map(({ paid, invalid, refunded, returned, ...row }) => {
    return { ...row, status: paymentEventStatus({ paid, invalid, refunded, returned }) };
  });
}

// A return is kept by the day it came back: it stands at the start of that business day.
const returnTime = (timeZone: string) => sql`(${bounces.bouncedOn}::timestamp at time zone ${timeZone})`;

export async function findReturnsPage(
  executor: Executor,
  customerId: number,
  timeZone: string,
  bound: TimeBound | null,
  limit: number,
) {
  const time = returnTime(timeZone);
  return executor
    .select({
      id: bounces.id,
      paymentId: bounces.paymentId,
      loanId: bounces.loanId,
      returnCode: bounces.returnCode,
      returnedOn: bounces.bouncedOn,
      amountCents: bounces.amountCents,
      feeCents: bounces.feeCents,
      feeWaived: bounces.feeWaived,
      timeKey: timeKeyOf(time),
    })
    .from(bounces)
    .where(and(sql`${bounces.loanId} in (${loanIdsOfCustomer(customerId)})`, olderThan(time, bounces.id, bound)))
    .orderBy(sql`${time} desc`, desc(bounces.id))
    .limit(limit);
}
