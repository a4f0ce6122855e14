import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bigintIdentity } from './columns.ts';

// Guards of public calls (issue 27, migration 0025).

// A set-password request whose link was no good, by network address: past the sign-in limit's
// number of them in its window, the address is answered 429 before any link is looked up.
export const passwordLinkFailures = pgTable(
  'password_link_failures',
  {
    id: bigintIdentity(),
    ipAddress: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('password_link_failures_address_idx').on(table.ipAddress, table.createdAt)],
);

// The nonce of each customer-app request token used, kept until the token runs out: a token works
// once, in every API process (decision 036).
export const customerAppTokenUses = pgTable(
  'customer_app_token_uses',
  {
    nonce: text().primaryKey(),
    customerId: bigint({ mode: 'number' }).notNull(),
    usedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('customer_app_token_uses_expiry_idx').on(table.expiresAt)],
);
