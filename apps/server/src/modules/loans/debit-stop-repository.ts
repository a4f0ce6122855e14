import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { achEntries, bounces, debitAuthorizations, debitStops, loans, payments, type Executor } from '@portal/db';
import type { BounceRecord, PaymentWithBounces, PresentingEntry } from './loan-info.ts';
import type { PaymentRecord } from './repository.ts';
import { returnedRow } from '../../platform/returned-row.ts';

// The queries of the failed-debit stop (decision 048): a customer's withdrawals, their returns,
// their stop in force and their new authorizations. Queries only; the rules are in contracts.

export type DebitStopRecord = typeof debitStops.$inferSelect;
export type DebitAuthorizationRecord = typeof debitAuthorizations.$inferSelect;

const customerIn = (ids: readonly number[]) => sql`${loans.customerId} = any(${sql.param([...ids])}::bigint[])`;

// Held until the transaction ends: the returns and authorizations of one customer are decided one
// at a time, so two returns recorded at once on two of their loans both count.
export async function lockCustomerDebits(tx: Executor, customerId: number): Promise<void> {
  await lockDebitsOfCustomers(tx, [customerId]);
}

// The same lock for many customers (the ACH file's and the return file's batches), taken in id order
// so two batches never wait on each other.
export async function lockDebitsOfCustomers(tx: Executor, ids: readonly number[]): Promise<void> {
  await tx.execute(
    sql`select count(pg_advisory_xact_lock(hashtextextended('failed-debits:' || s.id::text, 0))) from (select id from unnest(${sql.param([...ids])}::bigint[]) id order by id) s`,
  );
}

export async function insertBounce(tx: Executor, values: typeof bounces.$inferInsert): Promise<BounceRecord> {
  return returnedRow(await tx.insert(bounces).values(values).returning(), 'insertBounce: insert returned nothing');
}

// Every payment of the customer's loans, with its bounces: what their withdrawal history is read from.
export async function findCustomerPaymentsWithBounces(
  tx: Executor,
  customerId: number,
): Promise<Array<{ payment: PaymentRecord; bounces: BounceRecord[] }>> {
  return (await findPaymentsWithBouncesOfCustomers(tx, [customerId])).get(customerId) ?? [];
}

// Every payment of the customers' loans with its bounces (payments by due date, bounces by
// date) and the ACH entries that presented it (the account each drew on), by customer.
export async function findPaymentsWithBouncesOfCustomers(
  tx: Executor,
  ids: readonly number[],
): Promise<Map<number, PaymentWithBounces[]>> {
  const rows = await tx
    .select({ payment: payments, customerId: loans.customerId })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(customerIn(ids))
    .orderBy(asc(payments.due), asc(payments.id));
  const bounceRows = await tx
    .select({ bounce: bounces })
    .from(bounces)
    .innerJoin(loans, eq(loans.id, bounces.loanId))
    .where(customerIn(ids))
    .orderBy(asc(bounces.bouncedOn), asc(bounces.id));
  const bouncesOf = new Map<number, (typeof bounces.$inferSelect)[]>();
  for (const { bounce } of bounceRows) {
    const list = bouncesOf.get(bounce.paymentId);
    if (list) list.push(bounce);
    else bouncesOf.set(bounce.paymentId, [bounce]);
  }
  // By the payments' ids (ach_entries_payment_idx), not by a join the planner may scan.
  const paymentIds = rows.map(({ payment }) => payment.id);
  const entryRows =
    paymentIds.length === 0
      ? []
      : await tx
          .select({
            paymentId: achEntries.paymentId,
            bankAccountId: achEntries.bankAccountId,
            returnedBounceId: achEntries.returnedBounceId,
          })
          .from(achEntries)
          .where(
            and(sql`${achEntries.paymentId} = any(${sql.param(paymentIds)}::bigint[])`, eq(achEntries.kind, 'debit')),
          )
          .orderBy(asc(achEntries.id));
  const entriesOf = new Map<number, PresentingEntry[]>();
  for (const { paymentId, ...entry } of entryRows) {
    const list = entriesOf.get(paymentId);
    if (list) list.push(entry);
    else entriesOf.set(paymentId, [entry]);
  }
  const byCustomer = new Map<number, PaymentWithBounces[]>();
  for (const { payment, customerId } of rows) {
    const list = byCustomer.get(customerId) ?? [];
    list.push({ payment, bounces: bouncesOf.get(payment.id) ?? [], entries: entriesOf.get(payment.id) ?? [] });
    byCustomer.set(customerId, list);
  }
  return byCustomer;
}

// Each customer's stop in force (at most one each), for a batch of customers.
export async function findStopsInForceOfCustomers(tx: Executor, ids: readonly number[]) {
  return tx
    .select({ id: debitStops.id, customerId: debitStops.customerId, reason: debitStops.reason })
    .from(debitStops)
    .where(and(sql`${debitStops.customerId} = any(${sql.param([...ids])}::bigint[])`, isNull(debitStops.liftedAt)));
}

// Each customer's latest new authorization, for a batch of customers.
export async function findLatestAuthorizationsOfCustomers(tx: Executor, ids: readonly number[]) {
  return tx
    .selectDistinctOn([debitAuthorizations.customerId], {
      customerId: debitAuthorizations.customerId,
      givenAt: debitAuthorizations.givenAt,
    })
    .from(debitAuthorizations)
    .where(sql`${debitAuthorizations.customerId} = any(${sql.param([...ids])}::bigint[])`)
    .orderBy(debitAuthorizations.customerId, desc(debitAuthorizations.givenAt));
}

// At most one stop is in force per customer (debit_stops_in_force_key).
export async function findStopInForce(tx: Executor, customerId: number): Promise<DebitStopRecord | undefined> {
  const [stop] = await tx
    .select()
    .from(debitStops)
    .where(and(eq(debitStops.customerId, customerId), isNull(debitStops.liftedAt)));
  return stop;
}

export async function insertDebitStop(tx: Executor, values: typeof debitStops.$inferInsert): Promise<DebitStopRecord> {
  return returnedRow(
    await tx.insert(debitStops).values(values).returning(),
    'insertDebitStop: insert returned nothing',
  );
}

export async function liftDebitStop(
  tx: Executor,
  id: number,
  values: { liftedAt: Date; liftedByAuthorizationId: number },
): Promise<void> {
  await tx.update(debitStops).set(values).where(eq(debitStops.id, id));
}

export async function insertDebitAuthorization(
  tx: Executor,
  values: typeof debitAuthorizations.$inferInsert,
): Promise<DebitAuthorizationRecord> {
  return returnedRow(
    await tx.insert(debitAuthorizations).values(values).returning(),
    'insertDebitAuthorization: insert returned nothing',
  );
}

// When the customer last gave a new authorization: withdrawals before it no longer count.
export async function findLatestAuthorizationGivenAt(tx: Executor, customerId: number): Promise<Date | null> {
  const [row] = await tx
    .select({ givenAt: debitAuthorizations.givenAt })
    .from(debitAuthorizations)
    .where(eq(debitAuthorizations.customerId, customerId))
    .orderBy(desc(debitAuthorizations.givenAt))
    .limit(1);
  return row?.givenAt ?? null;
}
