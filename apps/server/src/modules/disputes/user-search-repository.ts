import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { customers, type Database } from '@portal/db';

// The look-ups of the disputes user search. Every criterion is written so an index can serve the
// search at any number of customers: ids (primary keys), names (customers_name_lower_idx, an
// expression index of lower(last_name), lower(first_name) with text_pattern_ops: exact and prefix
// matches as byte ranges), email (customers_email_idx, stored lowercased), phone
// (customers_phone_idx, stored as 10 digits); the others only narrow those down.

// The criteria, normalised by the service: names, street and city lowercased, phone as 10 digits,
// birthday as YYYY-MM-DD, state as its code, zip as its first five digits.
export type SecondaryCriteria = Partial<{
  firstName: string;
  lastName: string;
  birthday: string;
  ssnLast4: string;
  phoneNumber: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zip5: string;
}>;

export type UserSearchRow = {
  id: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  ssnLast4: string | null;
  email: string;
  phoneNumber: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

const lowerLast = sql`lower(${customers.lastName})`;
const lowerFirst = sql`lower(${customers.firstName})`;
const lowerStreet = sql`lower(${customers.street})`;
// Prefix matches as ranges with the text_pattern_ops operators (~>=~, ~<~ compare bytes), which
// the index answers whatever the database's collation, unlike LIKE with a parameter.
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';
const startsWith = (column: SQL, prefix: string) =>
  sql`(${column} ~>=~ ${prefix} and ${column} ~<~ ${prefix + AFTER_EVERY_CHARACTER})`;

export function secondaryConditions(criteria: SecondaryCriteria): SQL[] {
  const conditions: SQL[] = [];
  const add = (value: string | undefined, condition: (value: string) => SQL | undefined) => {
    const built = value === undefined ? undefined : condition(value);
    if (built) conditions.push(built);
  };
  add(criteria.lastName, (value) => startsWith(lowerLast, value));
  add(criteria.firstName, (value) => startsWith(lowerFirst, value));
  add(criteria.birthday, (value) => eq(customers.birthday, value));
  add(criteria.ssnLast4, (value) => eq(customers.ssnLast4, value));
  add(criteria.phoneNumber, (value) => eq(customers.phoneNumber, value));
  add(criteria.email, (value) => eq(customers.email, value));
  add(criteria.street, (value) => startsWith(lowerStreet, value));
  add(criteria.city, (value) => sql`lower(${customers.city}) = ${value}`);
  add(criteria.state, (value) => eq(customers.state, value));
  add(criteria.zip5, (value) => sql`left(${customers.zip}, 5) = ${value}`);
  return conditions;
}

const resultColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  birthday: customers.birthday,
  ssnLast4: customers.ssnLast4,
  email: customers.email,
  phoneNumber: customers.phoneNumber,
  street: customers.street,
  city: customers.city,
  state: customers.state,
  zip: customers.zip,
};

// The page's query, exported so a test can ask the planner how it runs.
export function customerPageQuery(db: Database, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(resultColumns)
    .from(customers)
    .where(where)
    .orderBy(lowerLast, lowerFirst, customers.id)
    .limit(limit)
    .offset(offset);
}

// One page of the customers matching, and how many match in all.
export async function findCustomerPage(
  db: Database,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: UserSearchRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    customerPageQuery(db, where, limit, offset),
    db.select({ total: count() }).from(customers).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export const whereAll = (conditions: SQL[]) => and(...conditions);
export const whereIdIn = (ids: number[]) => inArray(customers.id, ids);
