import { integer, text } from 'drizzle-orm/pg-core';
import { timestampNow } from './columns.ts';
import { employees } from './employees.ts';

// A staff note on a customer or a loan: who wrote it, what, and when; the table adds what it is on.
export const commentColumns = () => ({
  employeeId: integer().references(() => employees.id),
  body: text().notNull(),
  createdAt: timestampNow(),
});
