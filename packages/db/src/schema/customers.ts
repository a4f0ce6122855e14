import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintIdentity, bigintOwnedBy, timestampNow } from './columns.ts';
import { commentColumns } from './comment-columns.ts';
import { employees } from './employees.ts';

// The spec calls them "users"; in code they are customers, so they never mix with employees.
export const customers = pgTable(
  'customers',
  {
    id: bigintIdentity(),
    firstName: text().notNull(),
    middleInitial: text(),
    lastName: text().notNull(),
    email: text().notNull(),
    phoneNumber: text(),
    birthday: date({ mode: 'string' }),
    // The SSN never lies here in plain text (decision 023): sealed with SECRETS_KEY (AES-256-GCM,
    // bound to `customer:<id>:ssn`), its keyed hash (HMAC-SHA256 of the nine digits, so one number
    // always gives one hash: finding a customer by the whole number), and the last four digits,
    // which is all any screen shows. A value without the sealed format's prefix is one stored in
    // plain text before migration 0011, sealed at the next start.
    ssnSealed: text(),
    ssnHash: text(),
    ssnLast4: text(),
    // Verification code of spec 000 section 3: -7, -5, -2, -1, 1, 2 (0 = not yet checked).
    verified: smallint().notNull().default(0),
    verifiedAt: timestamp({ withTimezone: true }),
    dnc: boolean().notNull().default(false),
    dnl: boolean().notNull().default(false),
    // Why and by whom Do Not Contact / Do Not Lend was last set (spec 000 section 5 reasons).
    dncReason: text(),
    dncContext: text(),
    dncEmployeeId: integer().references(() => employees.id),
    dncAt: timestamp({ withTimezone: true }),
    dnlReason: text(),
    dnlContext: text(),
    dnlEmployeeId: integer().references(() => employees.id),
    dnlAt: timestamp({ withTimezone: true }),
    dnp: boolean().notNull().default(false),
    // The contact flags of issue 30 (decision 046), kept like DNC: on/off, why, context, who, when.
    // Cease communication: the customer asked in writing that we stop contacting them (FDCPA 805(c)).
    cease: boolean().notNull().default(false),
    ceaseReason: text(),
    ceaseContext: text(),
    ceaseEmployeeId: integer().references(() => employees.id),
    ceaseAt: timestamp({ withTimezone: true }),
    // An attorney represents the customer for this debt (FDCPA 805(a)(2)); context names the attorney.
    attorney: boolean().notNull().default(false),
    attorneyReason: text(),
    attorneyContext: text(),
    attorneyEmployeeId: integer().references(() => employees.id),
    attorneyAt: timestamp({ withTimezone: true }),
    street: text(),
    city: text(),
    state: text(),
    zip: text(),
    cycle: integer().notNull().default(0),
    userCreditCents: integer().notNull().default(0),
    utmSource: text(),
    utmContent: text(),
    referralCode: text(),
    referrerId: bigint({ mode: 'number' }),
    plaidCount: integer().notNull().default(0),
    ibvCount: integer().notNull().default(0),
    plaidNeedsUpdateMode: boolean().notNull().default(false),
    createdAt: timestampNow(),
  },
  (table) => [
    index('customers_email_idx').on(table.email),
    index('customers_phone_idx').on(table.phoneNumber),
    index('customers_name_idx').on(table.lastName, table.firstName),
    index('customers_ssn_hash_idx').on(table.ssnHash),
    // The rows still to seal at start: none but right after migration 0011 (so the check is free).
    index('customers_ssn_unsealed_idx')
      .on(table.id)
      .where(sql`${table.ssnSealed} not like 'gcm1:%'`),
    // The customers one referred ('referrals' on the user card).
    index('customers_referrer_idx').on(table.referrerId),
    // users/search by name: exact and prefix matches of (last, first) in any letter case, then
    // near spellings through trigrams of the whole name.
    index('customers_name_lower_idx').using(
      'btree',
      sql`lower(${table.lastName}) text_pattern_ops`,
      sql`lower(${table.firstName}) text_pattern_ops`,
    ),
    // GiST, not GIN: it answers "the 20 closest names" (ORDER BY <-> LIMIT) without reading every match.
    index('customers_full_name_trgm_idx').using(
      'gist',
      sql`lower(${table.firstName} || ' ' || ${table.lastName}) gist_trgm_ops`,
    ),
  ],
);

// Every address a customer has used; the primary one is also customers.email.
export const customerEmails = pgTable(
  'customer_emails',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    email: text().notNull(),
    addedAt: timestampNow(),
  },
  (table) => [
    index('customer_emails_customer_idx').on(table.customerId),
    index('customer_emails_email_idx').on(table.email),
  ],
);

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    // The routing and account numbers never lie here in plain text (issue 41, decision 070): both
    // sealed together as `<routing>:<account>` with SECRETS_KEY (AES-256-GCM, bound to
    // `bank_account:<id>:numbers`, so a sealed value copied to another row does not open), and the
    // account's last four digits, which is all a screen shows of it. A value without the sealed
    // format's prefix is one stored in plain text before migration 0041, sealed at the next start.
    numbersSealed: text().notNull(),
    accountLast4: text().notNull(),
    dnp: boolean().notNull().default(false),
    addedAt: timestampNow(),
  },
  (table) => [
    index('bank_accounts_customer_idx').on(table.customerId),
    index('bank_accounts_unsealed_idx')
      .on(table.id)
      .where(sql`${table.numbersSealed} not like 'gcm1:%'`),
  ],
);

// Only the last four digits of a card are ever stored.
export const debitCards = pgTable(
  'debit_cards',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    lastFour: text().notNull(),
    brand: text(),
    dnp: boolean().notNull().default(false),
    addedAt: timestampNow(),
  },
  (table) => [index('debit_cards_customer_idx').on(table.customerId)],
);

export const customerComments = pgTable(
  'customer_comments',
  {
    id: bigintIdentity(),
    customerId: bigintOwnedBy(() => customers.id),
    ...commentColumns(),
  },
  (table) => [index('customer_comments_customer_idx').on(table.customerId)],
);
