import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintIdentity, timestampNow } from './columns.ts';
import { employees } from './employees.ts';

// Four eyes (issue 41, decision 069): an action that waits for a second employee. `payload` is what
// the maker asked, carried out as asked once approved (a whole SSN travels sealed, never in clear).
export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;

export const approvals = pgTable(
  'approvals',
  {
    id: bigintIdentity(),
    action: text().notNull(),
    status: text({ enum: approvalStatuses }).notNull().default('pending'),
    // What it acts on ('payment', 12), one pending action per thing and action.
    entityType: text().notNull(),
    entityId: text().notNull(),
    loanId: bigint({ mode: 'number' }),
    customerId: bigint({ mode: 'number' }),
    amountCents: integer(),
    summary: text().notNull(),
    payload: jsonb().notNull(),
    madeBy: integer()
      .notNull()
      .references(() => employees.id),
    madeAt: timestampNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedBy: integer().references(() => employees.id),
    decidedAt: timestamp({ withTimezone: true }),
    note: text(),
  },
  (table) => [
    uniqueIndex('approvals_pending_key')
      .on(table.action, table.entityType, table.entityId)
      .where(sql`status = 'pending'`),
    index('approvals_pending_idx')
      .on(table.madeAt)
      .where(sql`status = 'pending'`),
    index('approvals_loan_idx')
      .on(table.loanId)
      .where(sql`status = 'pending'`),
  ],
);
