import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { employeeRoles, employees, type Executor } from '@portal/db';
import { returnedRow } from '../../platform/returned-row.ts';

// The employee accounts are the session module's (it signs them in, with their roles and MFA); staff
// administration (modules/staff) changes them through these commands, in its own transaction.

export async function insertEmployee(db: Executor, values: { email: string; name: string; passwordHash: string }) {
  return returnedRow(await db.insert(employees).values(values).returning(), 'insertEmployee returned nothing');
}

export async function replaceEmployeeRoles(
  db: Executor,
  employeeId: number,
  roleIds: readonly number[],
): Promise<void> {
  await db.delete(employeeRoles).where(eq(employeeRoles.employeeId, employeeId));
  if (roleIds.length > 0) await db.insert(employeeRoles).values(roleIds.map((roleId) => ({ employeeId, roleId })));
}

export async function setEmployeeActive(db: Executor, employeeId: number, active: boolean): Promise<void> {
  await db.update(employees).set({ active }).where(eq(employees.id, employeeId));
}

export async function clearEmployeeMfa(db: Executor, employeeId: number): Promise<void> {
  await db
    .update(employees)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastTimeStep: null, mfaRequired: true })
    .where(eq(employees.id, employeeId));
}

export async function setEmployeePasswordHash(db: Executor, employeeId: number, passwordHash: string): Promise<void> {
  await db.update(employees).set({ passwordHash }).where(eq(employees.id, employeeId));
}

// The name of the employee a column holds the id of (null when it holds none), for a query of
// another module: who holds, decided, saved or wrote a record. A lookup by primary key per row.
// The column is nested in its own SQL so drizzle names it with its table even in a one-table query.
export function employeeNameOf(employeeId: AnyPgColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select e.name from ${employees} e where e.id = ${sql`${employeeId}`})`;
}

// The names of these employees, by id.
export async function findEmployeeNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

// The active employees whose handle (the part of their email before the @, lowercased; issue 40's
// @mentions) is one of these. Two employees may share a handle at two email domains: both answer.
export async function findActiveEmployeesByHandles(
  db: Executor,
  handles: readonly string[],
): Promise<Array<{ id: number; name: string; handle: string }>> {
  if (handles.length === 0) return [];
  const handle = sql<string>`lower(split_part(${employees.email}, '@', 1))`;
  return db
    .select({ id: employees.id, name: employees.name, handle })
    .from(employees)
    .where(sql`${employees.active} and ${handle} = any(${sql.param([...handles])}::text[])`);
}
