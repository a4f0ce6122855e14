import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customerBankruptcies, type Executor } from '@portal/db';

// A customer's bankruptcy cases, as recorded from court notices and the FCRA lookup: the queries and
// the one write. (Recording a case also stops automatic debits: bankruptcy-notices'
// recordCustomerBankruptcy does both.)

export type CustomerBankruptcyValues = {
  customerId: number;
  caseNumber: string;
  chapter: number;
  courtDistrict: string | null;
  filedOn: string | null;
  dischargedOn: string | null;
  dismissedOn: string | null;
  convertedOn: string | null;
  planConfirmedOn: string | null;
  consumerInformationIndicator: string;
  // The notice that recorded it; null when staff recorded it on the FCRA lookup.
  lastNoticeId: number | null;
  now: Date;
};

// One row per customer and case: a later notice of the case updates it, and a date it does not
// give keeps the one recorded before (a dismissal notice does not erase the filing date).
export async function upsertCustomerBankruptcy(tx: Executor, values: CustomerBankruptcyValues) {
  const { now, ...row } = values;
  // excluded.<column> is the value this insert brought; the names are the database's (snake_case).
  const keep = (column: AnyPgColumn, name: string) => sql`coalesce(${sql.raw(`excluded.${name}`)}, ${column})`;
  const [saved] = await tx
    .insert(customerBankruptcies)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [customerBankruptcies.customerId, customerBankruptcies.caseNumber],
      set: {
        chapter: row.chapter,
        courtDistrict: keep(customerBankruptcies.courtDistrict, 'court_district'),
        filedOn: keep(customerBankruptcies.filedOn, 'filed_on'),
        dischargedOn: keep(customerBankruptcies.dischargedOn, 'discharged_on'),
        dismissedOn: keep(customerBankruptcies.dismissedOn, 'dismissed_on'),
        convertedOn: keep(customerBankruptcies.convertedOn, 'converted_on'),
        planConfirmedOn: keep(customerBankruptcies.planConfirmedOn, 'plan_confirmed_on'),
        consumerInformationIndicator: row.consumerInformationIndicator,
        lastNoticeId: keep(customerBankruptcies.lastNoticeId, 'last_notice_id'),
        updatedAt: now,
      },
    })
    .returning();
  if (!saved) throw new Error('upsertCustomerBankruptcy: nothing returned');
  return saved;
}

// The customer's case whose number has these digits ('24-10234' for 2410234): the FCRA form takes
// the case code as digits only, notices print it with a dash; both name one case.
export async function findCustomerBankruptcyByCaseDigits(db: Executor, customerId: number, digits: string) {
  const [row] = await db
    .select()
    .from(customerBankruptcies)
    .where(
      and(
        eq(customerBankruptcies.customerId, customerId),
        sql`regexp_replace(${customerBankruptcies.caseNumber}, '[^0-9]', '', 'g') = ${digits}`,
      ),
    )
    .orderBy(desc(customerBankruptcies.updatedAt))
    .limit(1);
  return row ?? null;
}

// The customers' cases, the one last recorded first (what is reported: credit-reporting).
export async function findBankruptciesOfCustomers(db: Executor, customerIds: readonly number[]) {
  if (customerIds.length === 0) return [];
  return (
    db
      .select()
      .from(customerBankruptcies)
      // One array parameter however many customers (the duty audit asks of thousands at a time).
      .where(sql`${customerBankruptcies.customerId} = any(${sql.param([...customerIds])}::bigint[])`)
      .orderBy(desc(customerBankruptcies.updatedAt), desc(customerBankruptcies.id))
  );
}

// The customer's case last recorded, or null.
export async function findLatestBankruptcy(db: Executor, customerId: number) {
  const [row] = await db
    .select()
    .from(customerBankruptcies)
    .where(eq(customerBankruptcies.customerId, customerId))
    .orderBy(desc(customerBankruptcies.updatedAt), desc(customerBankruptcies.id))
    .limit(1);
  return row ?? null;
}
