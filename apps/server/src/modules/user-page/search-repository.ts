import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { customerEmails, customers, loans, payments, type Database } from '@portal/db';

// The look-ups behind users/search. Each one is an index scan at any number of customers:
// id (primary key), email (customers_email_idx, customer_emails_email_idx; stored lowercased),
// phone (customers_phone_idx; stored as 10 digits), name (customers_name_lower_idx for exact and
// prefix matches of last and first name, customers_full_name_trgm_idx for near spellings), loan and
// payment (primary keys).

export const suggestionColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  birthday: customers.birthday,
  city: customers.city,
  state: customers.state,
  // The last four digits of the SSN: all a suggestion shows of it (decision 023).
  ssnLast4: customers.ssnLast4,
};
export type SuggestionRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  birthday: string | null;
  city: string | null;
  state: string | null;
  ssnLast4: string | null;
};

export async function customerExists(db: Database, id: number): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return rows.length > 0;
}

// Primary addresses first; an address the customer used before also finds them.
export async function customerIdsByEmail(db: Database, email: string): Promise<number[]> {
  const primary = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email)).limit(21);
  if (primary.length > 0) return primary.map((row) => row.id);
  const past = await db
    .selectDistinct({ id: customerEmails.customerId })
    .from(customerEmails)
    .where(eq(customerEmails.email, email))
    .limit(21);
  return past.map((row) => row.id);
}

export async function customerIdsByPhone(db: Database, phone: string): Promise<number[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.phoneNumber, phone)).limit(21);
  return rows.map((row) => row.id);
}

export async function suggestionsByIds(db: Database, ids: number[]): Promise<SuggestionRow[]> {
  if (ids.length === 0) return [];
  return db.select(suggestionColumns).from(customers).where(inArray(customers.id, ids)).orderBy(asc(customers.id));
}

const lowerLast = sql`lower(${customers.lastName})`;
const lowerFirst = sql`lower(${customers.firstName})`;
const fullName = sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`;

// LIKE patterns: the words are the customer's name, so % and _ in them are literal.
const prefixPattern = (word: string) => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Names matching the words exactly or by prefix, most likely first: the exact full name, then the
// exact last name with a first name starting with the first word, then the words the other way
// round (people type "Smith John"). One word is a last name (or its start).
export async function suggestionsByNamePrefix(db: Database, words: string[], limit: number): Promise<SuggestionRow[]> {
  const [first, last] = words.length === 1 ? [null, words[0]!] : [words[0]!, words[words.length - 1]!];
  const branches: Array<{ rank: number; where: SQL }> = [];
  if (first === null) {
    branches.push({ rank: 0, where: sql`${lowerLast} = ${last}` });
    branches.push({ rank: 1, where: sql`${lowerLast} like ${prefixPattern(last)} and ${lowerLast} <> ${last}` });
  } else {
    branches.push({ rank: 0, where: sql`${lowerLast} = ${last} and ${lowerFirst} = ${first}` });
    branches.push({
      rank: 1,
      where: sql`${lowerLast} = ${last} and ${lowerFirst} like ${prefixPattern(first)} and ${lowerFirst} <> ${first}`,
    });
    branches.push({ rank: 2, where: sql`${lowerLast} = ${first} and ${lowerFirst} like ${prefixPattern(last)}` });
    branches.push({
      rank: 3,
      where: sql`${lowerLast} like ${prefixPattern(last)} and ${lowerLast} <> ${last} and ${lowerFirst} like ${prefixPattern(first)}`,
    });
  }
  const columns = sql`${customers.id} as id, ${customers.firstName} as "firstName", ${customers.lastName} as "lastName",
    ${customers.email} as email, ${customers.birthday}::text as birthday, ${customers.city} as city, ${customers.state} as state,
    ${customers.ssnLast4} as "ssnLast4"`;
  // Each branch is its own index scan, cut at the limit; the union is ordered by branch.
  const union = sql.join(
    branches.map(
      ({ rank, where }) =>
        sql`(select ${sql.raw(String(rank))} as rank, ${columns} from ${customers} where ${where}
          order by ${lowerLast}, ${lowerFirst}, ${customers.id} limit ${limit})`,
    ),
    sql` union all `,
  );
  const result = await db.execute(
    sql`select * from (${union}) matches order by rank, lower("lastName"), lower("firstName"), id limit ${limit}`,
  );
  return rowsOf(result).map(toSuggestionRow);
}

// Near spellings of the whole name ("Jon Smyth"), closest first: a nearest-neighbour scan of the
// trigram GiST index, which stops at the limit.
export async function suggestionsBySimilarName(db: Database, words: string[], limit: number): Promise<SuggestionRow[]> {
  const text = words.join(' ');
  return db
    .select(suggestionColumns)
    .from(customers)
    .where(sql`${fullName} % ${text}`)
    .orderBy(sql`${fullName} <-> ${text}`, asc(customers.id))
    .limit(limit);
}

export async function customerIdOfLoan(db: Database, loanId: number): Promise<number | null> {
  const [row] = await db.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, loanId));
  return row?.customerId ?? null;
}

export async function customerIdOfPayment(db: Database, paymentId: number): Promise<number | null> {
  const [row] = await db
    .select({ customerId: loans.customerId })
    .from(payments)
    .innerJoin(loans, eq(loans.id, payments.loanId))
    .where(eq(payments.id, paymentId));
  return row?.customerId ?? null;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) ?? [];
}

function toSuggestionRow(row: Record<string, unknown>): SuggestionRow {
  return {
    id: Number(row.id),
    firstName: String(row.firstName),
    lastName: String(row.lastName),
    email: String(row.email),
    birthday: row.birthday === null ? null : String(row.birthday),
    city: (row.city as string | null) ?? null,
    state: (row.state as string | null) ?? null,
    ssnLast4: (row.ssnLast4 as string | null) ?? null,
  };
}
