import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bankAccounts, customerComments, customerEmails, customers, debitCards, type Executor } from '@portal/db';
import { SecretBoxError, type SecretBox } from '../../platform/secret-box.ts';
import { employeeNameOf } from '../session/index.ts';
import { openBankNumbers, readableRouting } from './bank-numbers.ts';
import type { CustomerRecord } from './repository.ts';

// What other modules read of customers, asked here (the customers module owns the tables).

export async function findCustomersByIds(executor: Executor, ids: readonly number[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(customers)
    .where(inArray(customers.id, [...new Set(ids)]));
}

// Locked as a foreign key check locks it (KEY SHARE), so it cannot vanish before the caller's row
// names it.
export async function customerExists(executor: Executor, id: number, lock?: 'key share'): Promise<boolean> {
  const query = executor.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  return row !== undefined;
}

// The customers with these last four SSN digits and this last name (any letter case), by the
// lower-case name index; at most a handful.
export async function findCustomersByLast4AndLastName(
  executor: Executor,
  last4: string,
  lastName: string,
): Promise<Array<{ id: number; firstName: string }>> {
  return executor
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(sql`lower(${customers.lastName}) = ${lastName.toLowerCase()}`, eq(customers.ssnLast4, last4)))
    .orderBy(asc(customers.id))
    .limit(20);
}

// The customer's newest notes with their authors' names.
export async function findRecentComments(executor: Executor, customerId: number, limit = 20) {
  return executor
    .select({
      body: customerComments.body,
      createdAt: customerComments.createdAt,
      employee: employeeNameOf(customerComments.employeeId),
    })
    .from(customerComments)
    .where(eq(customerComments.customerId, customerId))
    .orderBy(desc(customerComments.createdAt), desc(customerComments.id))
    .limit(limit);
}

// Each customer's newest bank account's routing number (null when it cannot be read here: no
// SECRETS_KEY, or another key sealed it; decision 070).
export async function findRoutingNumbers(
  executor: Executor,
  box: SecretBox | null,
  customerIds: readonly number[],
): Promise<Map<number, string | null>> {
  if (customerIds.length === 0) return new Map();
  const rows = await executor
    .selectDistinctOn([bankAccounts.customerId], {
      customerId: bankAccounts.customerId,
      id: bankAccounts.id,
      numbersSealed: bankAccounts.numbersSealed,
    })
    .from(bankAccounts)
    .where(inArray(bankAccounts.customerId, [...customerIds]))
    .orderBy(bankAccounts.customerId, desc(bankAccounts.addedAt), desc(bankAccounts.id));
  return new Map(rows.map((row) => [row.customerId, readableRouting(box, row.id, row.numbersSealed)]));
}

// Conditions on the customer a column of another table holds the id of, for that table's queries.
// Each column is nested in its own SQL, so drizzle names it with its table even in a one-table query.

// Whether the customer's verification code is `code` (null when it has none, as a join would read).
export function customerVerifiedIs(customerId: AnyPgColumn | SQL, code: number): SQL {
  return sql`(select c.verified from ${customers} c where c.id = ${sql`${customerId}`}) = ${code}`;
}

// Whether any bank account (card) of the customer may be charged: not marked do-not-pay.
export function chargeableBankOf(customerId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${bankAccounts} b where b.customer_id = ${sql`${customerId}`} and not b.dnp)`;
}
export function chargeableCardOf(customerId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists(select 1 from ${debitCards} d where d.customer_id = ${sql`${customerId}`} and not d.dnp)`;
}

// The customer's first and last names (null when the column holds no customer), for lists of other
// records that name their customer.
export function customerNamesOf(customerId: AnyPgColumn | SQL): {
  firstName: SQL<string | null>;
  lastName: SQL<string | null>;
} {
  return {
    firstName: sql<string | null>`(select c.first_name from ${customers} c where c.id = ${sql`${customerId}`})`,
    lastName: sql<string | null>`(select c.last_name from ${customers} c where c.id = ${sql`${customerId}`})`,
  };
}

// Every address the customer has used, oldest first.
export function customerEmailsOf(customerId: AnyPgColumn | SQL): SQL<string[]> {
  return sql<
    string[]
  >`array(select e.email from ${customerEmails} e where e.customer_id = ${sql`${customerId}`} order by e.added_at, e.id)`;
}

export type DebitAccountOfCustomer = {
  customerId: number;
  firstName: string;
  lastName: string;
  // The customer is marked do-not-present: never debited.
  dnp: boolean;
  // The newest bank account on file (the one a debit draws on), or null. Not readable when its
  // sealed numbers do not open (another key, an altered value; decision 070): both numbers are then
  // empty, and the door keeps its debits out.
  account: { id: number; routingNumber: string; accountNumber: string; readable: boolean; dnp: boolean } | null;
};

// The account each customer's debits draw on (issue 41): one statement for a batch of customers,
// the ids one array parameter.
export async function findDebitAccountsOfCustomers(
  executor: Executor,
  box: SecretBox,
  ids: readonly number[],
): Promise<DebitAccountOfCustomer[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      dnp: customers.dnp,
      accountId: sql<number | null>`newest.id`,
      numbersSealed: sql<string | null>`newest.numbers_sealed`,
      accountDnp: sql<boolean | null>`newest.dnp`,
    })
    .from(customers)
    .leftJoin(
      sql`lateral (select b.id, b.numbers_sealed, b.dnp from ${bankAccounts} b where b.customer_id = ${customers.id} order by b.added_at desc, b.id desc limit 1) newest`,
      sql`true`,
    )
    .where(sql`${customers.id} = any(${sql.param([...new Set(ids)])}::bigint[])`);
  return rows.map((row) => ({
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    dnp: row.dnp,
    account:
      row.accountId === null
        ? null
        : {
            id: Number(row.accountId),
            ...numbersIfReadable(box, Number(row.accountId), row.numbersSealed!),
            dnp: row.accountDnp === true,
          },
  }));
}

// Bank accounts by id with their holder's name: what an ACH file writes on each entry.
export async function findBankAccountsByIds(executor: Executor, box: SecretBox, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      id: bankAccounts.id,
      numbersSealed: bankAccounts.numbersSealed,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(bankAccounts)
    .innerJoin(customers, eq(customers.id, bankAccounts.customerId))
    .where(sql`${bankAccounts.id} = any(${sql.param([...new Set(ids)])}::bigint[])`);
  return rows.map(({ numbersSealed, ...row }) => ({ ...row, ...numbersOf(box, row.id, numbersSealed) }));
}

// The whole numbers, opened (decision 070): for the ACH file alone, which must carry them.
function numbersOf(box: SecretBox, bankAccountId: number, stored: string) {
  const { routing, account } = openBankNumbers(box, bankAccountId, stored);
  return { routingNumber: routing, accountNumber: account };
}

function numbersIfReadable(box: SecretBox, bankAccountId: number, stored: string) {
  try {
    return { ...numbersOf(box, bankAccountId, stored), readable: true };
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    return { routingNumber: '', accountNumber: '', readable: false };
  }
}
