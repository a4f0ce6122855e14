import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { preparedPerDatabase } from '../../platform/prepared.ts';
import { customerEmails, customers, type Database } from '@portal/db';

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

// Prefix matches as ranges of the text_pattern_ops index (~>=~, ~<~ compare bytes): unlike LIKE
// with a parameter, they keep their index scan in the prepared statement's generic plan, so the
// statement is planned once per connection rather than on every search.
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';
const startsWith = (column: SQL, word: string) =>
  sql`${column} ~>=~ ${sql.placeholder(word)} and ${column} ~<~ ${sql.placeholder(`${word}End`)}`;

function nameBranch(db: Database, rank: number, where: SQL) {
  return db
    .select({
      rank: sql<number>`${sql.raw(String(rank))}`.as('rank'),
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      birthday: customers.birthday,
      city: customers.city,
      state: customers.state,
      ssnLast4: customers.ssnLast4,
      lastKey: sql<string>`lower(${customers.lastName})`.as('last_key'),
      firstKey: sql<string>`lower(${customers.firstName})`.as('first_key'),
    })
    .from(customers)
    .where(where)
    .orderBy(lowerLast, lowerFirst, customers.id)
    .limit(sql.placeholder('limit'));
}

// Each branch is its own index scan of customers_name_lower_idx, cut at the limit; the union is
// ordered by branch: the exact full name, the exact last name with a first name starting with
// what was typed, the words the other way round (people type "Smith John"), both as prefixes.
const twoWordStatement = preparedPerDatabase((db) =>
  unionAll(
    nameBranch(db, 0, sql`${lowerLast} = ${sql.placeholder('last')} and ${lowerFirst} = ${sql.placeholder('first')}`),
    nameBranch(
      db,
      1,
      sql`${lowerLast} = ${sql.placeholder('last')} and ${startsWith(lowerFirst, 'first')} and ${lowerFirst} <> ${sql.placeholder('first')}`,
    ),
    nameBranch(db, 2, sql`${lowerLast} = ${sql.placeholder('first')} and ${startsWith(lowerFirst, 'last')}`),
    nameBranch(
      db,
      3,
      sql`${lowerLast} ~>~ ${sql.placeholder('last')} and ${lowerLast} ~<~ ${sql.placeholder('lastEnd')} and ${startsWith(lowerFirst, 'first')}`,
    ),
  )
    .orderBy(sql`rank`, sql`last_key`, sql`first_key`, sql`id`)
    .limit(sql.placeholder('limit'))
    .prepare('user_page_name_search_two_words'),
);

// One word is a last name, or its start.
const oneWordStatement = preparedPerDatabase((db) =>
  unionAll(
    nameBranch(db, 0, sql`${lowerLast} = ${sql.placeholder('last')}`),
    nameBranch(
      db,
      1,
      sql`${lowerLast} ~>~ ${sql.placeholder('last')} and ${lowerLast} ~<~ ${sql.placeholder('lastEnd')}`,
    ),
  )
    .orderBy(sql`rank`, sql`last_key`, sql`first_key`, sql`id`)
    .limit(sql.placeholder('limit'))
    .prepare('user_page_name_search_one_word'),
);

// Names matching the words exactly or by prefix, most likely first (lowercase words).
export async function suggestionsByNamePrefix(db: Database, words: string[], limit: number): Promise<SuggestionRow[]> {
  const last = words[words.length - 1]!;
  const rows =
    words.length === 1
      ? await oneWordStatement(db).execute({ last, lastEnd: last + AFTER_EVERY_CHARACTER, limit })
      : await twoWordStatement(db).execute({
          first: words[0]!,
          firstEnd: words[0]! + AFTER_EVERY_CHARACTER,
          last,
          lastEnd: last + AFTER_EVERY_CHARACTER,
          limit,
        });
  return rows.map(({ rank: _rank, lastKey: _last, firstKey: _first, ...row }) => row);
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
