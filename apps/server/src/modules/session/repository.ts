import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { employeeRoles, employees, roles, sessions, signInAttempts, type Executor } from '@portal/db';

export type EmployeeRecord = typeof employees.$inferSelect;

export async function findEmployeeByEmail(db: Executor, email: string): Promise<EmployeeRecord | undefined> {
  const [employee] = await db
    .select()
    .from(employees)
    .where(eq(sql`lower(${employees.email})`, email.toLowerCase()));
  return employee;
}

export async function findPermissions(db: Executor, employeeId: number): Promise<string[]> {
  const rows = await db
    .select({ permissions: roles.permissions })
    .from(employeeRoles)
    .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
    .where(eq(employeeRoles.employeeId, employeeId));
  return [...new Set(rows.flatMap((row) => row.permissions))].sort();
}

export async function insertSession(
  db: Executor,
  values: { employeeId: number; tokenHash: string; expiresAt: Date; ipAddress: string; userAgent: string | null },
) {
  const [session] = await db.insert(sessions).values(values).returning();
  if (!session) throw new Error('insertSession returned nothing');
  return session;
}

// The session behind a token, with its employee and permissions, in one round trip.
export async function findSessionByTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      employeeId: employees.id,
      email: employees.email,
      name: employees.name,
      clearance: employees.clearance,
      online: employees.online,
      active: employees.active,
      mfaEnabled: sql<boolean>`${employees.mfaSecret} is not null`,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p order by p)
        from ${employeeRoles} er join ${roles} r on r.id = er.role_id, unnest(r.permissions) p
        where er.employee_id = ${employees.id}), '{}')`,
    })
    .from(sessions)
    .innerJoin(employees, eq(employees.id, sessions.employeeId))
    .where(eq(sessions.tokenHash, tokenHash));
  return row;
}

export async function revokeSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

// Taken first by a sign-out, so two sessions of one employee signing out at once see each other's
// revocation (the second waits for the first).
export async function lockEmployee(db: Executor, employeeId: number): Promise<void> {
  await db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId)).for('update');
}

export async function hasLiveSession(db: Executor, employeeId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ live: count() })
    .from(sessions)
    .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return (row?.live ?? 0) > 0;
}

export async function setEmployeeOnline(db: Executor, employeeId: number, online: boolean): Promise<void> {
  await db.update(employees).set({ online }).where(eq(employees.id, employeeId));
}

export async function updateEmployeeMfa(
  db: Executor,
  employeeId: number,
  values: Partial<Pick<EmployeeRecord, 'mfaSecret' | 'mfaPendingSecret' | 'mfaEnabledAt' | 'mfaLastTimeStep'>>,
): Promise<void> {
  await db.update(employees).set(values).where(eq(employees.id, employeeId));
}

export async function insertSignInAttempt(
  db: Executor,
  values: { email: string; ipAddress: string; succeeded: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(signInAttempts).values(values);
}

// Failed attempts for this email since the window opened, not counting those before its last success.
export async function countRecentEmailFailures(db: Executor, email: string, since: Date): Promise<number> {
  const lastSuccess = sql`coalesce((select max(${signInAttempts.createdAt}) from ${signInAttempts}
    where ${signInAttempts.email} = ${email} and ${signInAttempts.succeeded}), '-infinity'::timestamptz)`;
  const [row] = await db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.succeeded, false),
        gt(signInAttempts.createdAt, since),
        gt(signInAttempts.createdAt, lastSuccess),
      ),
    );
  return row?.failures ?? 0;
}

export async function countRecentAddressFailures(db: Executor, ipAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(signInAttempts)
    .where(
      and(eq(signInAttempts.ipAddress, ipAddress), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)),
    );
  return row?.failures ?? 0;
}
