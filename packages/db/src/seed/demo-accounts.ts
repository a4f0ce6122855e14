import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { employees } from '../schema/index.ts';

// The demo's accounts (made by packages/demo in dev, with a password the README publishes). The
// product knows their addresses only to lock them out: outside dev they never sign in, are never
// reactivated, and a database where one can still sign in does not start (issue 27).
export const DEMO_EMAIL = 'demo@portal.example';
const DEMO_AGENT_COUNT = 12;
export const demoAccountEmails: readonly string[] = [
  DEMO_EMAIL,
  ...Array.from({ length: DEMO_AGENT_COUNT }, (_, index) => `agent${index + 1}@portal.example`),
];

export function isDemoAccountEmail(email: string): boolean {
  return demoAccountEmails.includes(email.trim().toLowerCase());
}

// The demo accounts that can still sign in.
export async function findActiveDemoAccounts(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: employees.email })
    .from(employees)
    .where(and(inArray(sql`lower(${employees.email})`, [...demoAccountEmails]), eq(employees.active, true)));
  return rows.map((row) => row.email);
}
