import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { integerIdentity, timestampNow } from './columns.ts';

export const employees = pgTable(
  'employees',
  {
    id: integerIdentity(),
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    clearance: integer().notNull().default(1),
    online: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    // TOTP: a secret waits in mfaPendingSecret until the first sign-in with a valid code turns MFA on.
    // Both hold the secret sealed with SECRETS_KEY (platform/secret-box.ts), never in plain text.
    mfaSecret: text(),
    mfaPendingSecret: text(),
    mfaEnabledAt: timestamp({ withTimezone: true }),
    // The last TOTP time step accepted, so that a code cannot be used twice.
    mfaLastTimeStep: bigint({ mode: 'number' }),
    // Set when an administrator resets MFA: until a new device is enrolled (Enable MFA, then a
    // first good code), sign-in is refused with a sentence saying how.
    mfaRequired: boolean().notNull().default(false),
    createdAt: timestampNow(),
  },
  (table) => [uniqueIndex('employees_email_key').on(sql`lower(${table.email})`)],
);

export const roles = pgTable('roles', {
  id: integerIdentity(),
  name: text().notNull().unique(),
  permissions: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const employeeRoles = pgTable(
  'employee_roles',
  {
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integerIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    // sha256 of the bearer token: a leaked table does not leak usable tokens.
    tokenHash: text().notNull().unique(),
    createdAt: timestampNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
    userAgent: text(),
  },
  (table) => [index('sessions_employee_idx').on(table.employeeId)],
);

// One-time links that let an employee choose a password: an invitation, or (later) a reset. Only
// the sha256 of the token is kept; a link works once, until it expires.
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: integerIdentity(),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    purpose: text({ enum: ['invite'] }).notNull(),
    createdBy: integer().references(() => employees.id),
    createdAt: timestampNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('password_tokens_employee_idx').on(table.employeeId)],
);

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: integerIdentity(),
    email: text().notNull(),
    ipAddress: text().notNull(),
    // Written as a failure before the password is checked, so that parallel attempts count each
    // other; turned into a success, or marked refused (answered 429, nothing checked), afterwards.
    succeeded: boolean().notNull(),
    refused: boolean().notNull().default(false),
    // Whether the email belonged to an employee at the time: the per-address limit counts only
    // failures on emails that are not an account, so one address shared by many employees (a
    // proxy) is not locked by their typos.
    accountExists: boolean().notNull().default(true),
    createdAt: timestampNow(),
  },
  (table) => [
    index('sign_in_attempts_email_idx').on(table.email, table.createdAt),
    index('sign_in_attempts_ip_idx').on(table.ipAddress, table.createdAt),
  ],
);
