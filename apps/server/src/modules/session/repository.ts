import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { employeeRoles, employees, roles, sessions, signInAttempts, type Executor } from '@portal/db';
import { returnedRow } from '../../platform/returned-row.ts';

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
  return returnedRow(await db.insert(sessions).values(values).returning(), 'insertSession returned nothing');
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

// Every live session of an employee ends (staff administration: deactivation, MFA reset).
export async function revokeEmployeeSessions(db: Executor, employeeId: number, at: Date): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length;
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

// Accepts a TOTP time step of the enrolled secret once: the check and the record are one statement,
// so of parallel sign-ins with one code exactly one wins (the others wait for it, then find the step used).
export async function claimTotpStep(
  db: Executor,
  employeeId: number,
  values: { secret: string; timeStep: number },
): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ mfaLastTimeStep: values.timeStep })
    .where(
      and(
        eq(employees.id, employeeId),
        eq(employees.mfaSecret, values.secret),
        or(isNull(employees.mfaLastTimeStep), lt(employees.mfaLastTimeStep, values.timeStep)),
      ),
    )
    .returning({ id: employees.id });
  return rows.length > 0;
}

// The first good code of the pending secret turns MFA on, once: only while that secret is still
// pending and MFA is off, and with the same rule for the time step as claimTotpStep.
export async function enableMfa(
  db: Executor,
  employeeId: number,
  values: { pendingSecret: string; timeStep: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({
      mfaSecret: values.pendingSecret,
      mfaPendingSecret: null,
      mfaEnabledAt: values.at,
      mfaLastTimeStep: values.timeStep,
    })
    .where(
      and(
        eq(employees.id, employeeId),
        isNull(employees.mfaSecret),
        eq(employees.mfaPendingSecret, values.pendingSecret),
        or(isNull(employees.mfaLastTimeStep), lt(employees.mfaLastTimeStep, values.timeStep)),
      ),
    )
    .returning({ id: employees.id });
  return rows.length > 0;
}

// A new pending secret, unless MFA was turned on meanwhile.
export async function setPendingMfaSecret(db: Executor, employeeId: number, pendingSecret: string): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ mfaPendingSecret: pendingSecret })
    .where(and(eq(employees.id, employeeId), isNull(employees.mfaSecret)))
    .returning({ id: employees.id });
  return rows.length > 0;
}

export async function findEmployeesWithMfaSecrets(db: Executor) {
  return db
    .select({ id: employees.id, mfaSecret: employees.mfaSecret, mfaPendingSecret: employees.mfaPendingSecret })
    .from(employees)
    .where(or(isNotNull(employees.mfaSecret), isNotNull(employees.mfaPendingSecret)));
}

// Replaces a stored secret only if it is still the value read.
export async function replaceMfaSecret(
  db: Executor,
  employeeId: number,
  column: 'mfaSecret' | 'mfaPendingSecret',
  values: { from: string; to: string },
): Promise<boolean> {
  const rows = await db
    .update(employees)
    .set({ [column]: values.to })
    .where(and(eq(employees.id, employeeId), eq(employees[column], values.from)))
    .returning({ id: employees.id });
  return rows.length > 0;
}

// Advisory lock classes (the two-key form, apart from the migration lock's one-key form).
const EMAIL_ATTEMPTS_LOCK = 1;
const ADDRESS_ATTEMPTS_LOCK = 2;

// Held by the short transaction that counts and records an attempt (never while a password is
// checked), so attempts on one email or from one address are counted one after the other. Always
// email first, then address: two attempts never wait for each other the other way round.
export async function lockSignInAttempts(tx: Executor, email: string, ipAddress: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_ATTEMPTS_LOCK}, hashtext(${email}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_ATTEMPTS_LOCK}, hashtext(${ipAddress}))`);
}

export async function insertSignInAttempt(
  db: Executor,
  values: { email: string; ipAddress: string; accountExists: boolean; refused: boolean; createdAt: Date },
): Promise<number> {
  return returnedRow(
    await db
      .insert(signInAttempts)
      .values({ ...values, succeeded: false })
      .returning({ id: signInAttempts.id }),
    'insertSignInAttempt returned nothing',
  ).id;
}

export async function markSignInAttemptSucceeded(db: Executor, attemptId: number): Promise<void> {
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
}

export async function deleteSignInAttempt(db: Executor, attemptId: number): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attemptId));
}

export type RecentFailures = { forEmail: number; unknownEmailsFromAddress: number; fromAddress: number };

// Failed attempts since the window opened (refused ones checked nothing and are no failures): for
// this email, not counting those before its last success; from this address on emails that are no
// account; and from this address in all. One statement, so the three agree.
export async function countRecentFailures(
  db: Executor,
  values: { email: string; ipAddress: string; since: Date },
): Promise<RecentFailures> {
  const { email, ipAddress, since } = values;
  const lastSuccess = sql`coalesce((select max(${signInAttempts.createdAt}) from ${signInAttempts}
    where ${signInAttempts.email} = ${email} and ${signInAttempts.succeeded}), '-infinity'::timestamptz)`;
  const fromAddress = sql`${signInAttempts.ipAddress} = ${ipAddress}`;
  const [row] = await db
    .select({
      forEmail: sql<string>`count(*) filter (where ${signInAttempts.email} = ${email} and ${signInAttempts.createdAt} > ${lastSuccess})`,
      unknownEmailsFromAddress: sql<string>`count(*) filter (where ${fromAddress} and not ${signInAttempts.accountExists})`,
      fromAddress: sql<string>`count(*) filter (where ${fromAddress})`,
    })
    .from(signInAttempts)
    .where(
      and(
        or(eq(signInAttempts.email, email), eq(signInAttempts.ipAddress, ipAddress)),
        eq(signInAttempts.succeeded, false),
        eq(signInAttempts.refused, false),
        gt(signInAttempts.createdAt, since),
      ),
    );
  // count(*) is a bigint, which the drivers hand over as text.
  return {
    forEmail: Number(row?.forEmail ?? 0),
    unknownEmailsFromAddress: Number(row?.unknownEmailsFromAddress ?? 0),
    fromAddress: Number(row?.fromAddress ?? 0),
  };
}
