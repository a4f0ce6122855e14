import { bigint, boolean, date, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { messageCountColumns } from './columns.ts';
import { employees } from './employees.ts';

// Customer-service analytics by business day (decision 034): the analytics ranges are whole days in
// the business time zone, so a rollup by that day answers a year from a few thousand rows. Kept by
// the database's triggers as messages and tickets change (migration 0022); rebuilt from the messages
// and tickets when the business time zone changes (rebuild_business_day_rollups()).

// Messages per business day, channel and direction.
export const messageDailyCounts = pgTable(
  'message_daily_counts',
  {
    day: date().notNull(),
    ...messageCountColumns(),
  },
  (table) => [primaryKey({ columns: [table.day, table.type, table.inbound] })],
);

// When each employee first worked each ticket: their first reply to it, or their close of it if
// that came first. A ticket counts as worked by them once, on that day.
export const employeeTicketWork = pgTable(
  'employee_ticket_work',
  {
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ticketId: bigint({ mode: 'number' }).notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.employeeId, table.ticketId] })],
);

// Per employee and business day: replies sent, tickets first worked, tickets closed (as they stand
// now: a reopened ticket is taken off the day it was closed) and their handling time (start to close).
export const employeeDailyStats = pgTable(
  'employee_daily_stats',
  {
    day: date().notNull(),
    employeeId: integer().notNull(),
    replies: integer().notNull().default(0),
    worked: integer().notNull().default(0),
    closed: integer().notNull().default(0),
    handlingSeconds: bigint({ mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.employeeId] })],
);

// The closed tickets' handling times as a histogram (handling_bucket(): exact under 16 seconds,
// then eight buckets per doubling), with each bucket's total so its mean is known: the median is
// read from it (decision 034). By business day, and by calendar month so a year reads twelve
// months and a few edge days.
const handlingHistogramColumns = () => ({
  employeeId: integer().notNull(),
  bucket: smallint().notNull(),
  tickets: integer().notNull(),
  handlingSeconds: bigint({ mode: 'number' }).notNull(),
});

export const employeeDailyHandling = pgTable(
  'employee_daily_handling',
  {
    day: date().notNull(),
    ...handlingHistogramColumns(),
  },
  (table) => [primaryKey({ columns: [table.day, table.employeeId, table.bucket] })],
);

export const employeeMonthlyHandling = pgTable(
  'employee_monthly_handling',
  {
    month: date().notNull(),
    ...handlingHistogramColumns(),
  },
  (table) => [primaryKey({ columns: [table.month, table.employeeId, table.bucket] })],
);

// The payment updates (contracts' PAYMENT_UPDATE_ACTIONS) audited per business day, by staff (an
// employee on the audit row) or by the customer in the customer app (none): update_payment_analytics
// reads a year from 730 rows at most (decision 036). Kept by a row trigger on audit_events inserts
// (migration 0023); audit rows are never changed or deleted.
export const paymentUpdateDailyCounts = pgTable(
  'payment_update_daily_counts',
  {
    day: date().notNull(),
    byCustomer: boolean().notNull(),
    updates: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.byCustomer] })],
);
