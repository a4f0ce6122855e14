import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { DAY_MS, readSort, type StaffFilters } from '@portal/contracts';
import {
  employeeRoles,
  employees,
  passwordLinkFailures,
  passwordTokens,
  roles,
  sessions,
  type Executor,
} from '@portal/db';
import type { ListWindow } from '../../platform/list-source.ts';

export type RoleRecord = typeof roles.$inferSelect;

// Every employee with what the staff table shows, in one statement. The subqueries name the outer
// row's id in full: drizzle writes a column of a one-table query bare ("id"), which inside a
// subquery would mean the subquery's own table.
const employeeId = sql.raw('"employees"."id"');

// In parentheses, so it negates and combines as one condition.
const invited = sql<boolean>`(exists (select 1 from ${passwordTokens} t where t.employee_id = ${employeeId} and t.purpose = 'invite')
        and not exists (select 1 from ${passwordTokens} t where t.employee_id = ${employeeId} and t.used_at is not null))`;
const lastSignInAt = sql<
  string | null
>`(select max(s.created_at) from ${sessions} s where s.employee_id = ${employeeId})`;

// The employees the staff list's filters keep (issue 40): a piece of the name or email, the status
// as the screen shows it (deactivated; else invited until the link is used; else active), one role.
function staffWhere(filters: StaffFilters): SQL | undefined {
  const pattern = `%${filters.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return and(
    filters.q === '' ? undefined : or(ilike(employees.name, pattern), ilike(employees.email, pattern)),
    filters.status === 'deactivated'
      ? eq(employees.active, false)
      : filters.status === 'invited'
        ? and(eq(employees.active, true), invited)
        : filters.status === 'active'
          ? and(eq(employees.active, true), not(invited))
          : undefined,
    filters.role === ''
      ? undefined
      : sql`exists (select 1 from ${employeeRoles} er join ${roles} r on r.id = er.role_id
          where er.employee_id = ${employeeId} and r.name = ${filters.role})`,
  );
}

function staffOrder(sort: StaffFilters['sort']): SQL[] {
  const { column, descending } = readSort(sort);
  const way = descending ? desc : asc;
  // Never signed in counts as the earliest: first going up, last going down.
  return column === 'name'
    ? [way(sql`lower(${employees.name})`), way(employees.id)]
    : [sql`${lastSignInAt} ${sql.raw(descending ? 'desc nulls last' : 'asc nulls first')}`, way(employees.id)];
}

export async function countEmployees(db: Executor, filters: StaffFilters): Promise<number> {
  const [row] = await db.select({ total: count() }).from(employees).where(staffWhere(filters));
  return row?.total ?? 0;
}

// A window of the employees the filters keep, with what the staff table shows, in one statement.
export async function listEmployees(db: Executor, now: Date, filters: StaffFilters, window: ListWindow) {
  return db
    .select({
      id: employees.id,
      name: employees.name,
      email: employees.email,
      active: employees.active,
      online: employees.online,
      mfaOn: sql<boolean>`${employees.mfaSecret} is not null`,
      mfaPending: sql<boolean>`${employees.mfaSecret} is null and ${employees.mfaPendingSecret} is not null`,
      roles: sql<string[]>`coalesce((
        select array_agg(r.name order by r.name)
        from ${employeeRoles} er join ${roles} r on r.id = er.role_id
        where er.employee_id = ${employeeId}), '{}')`,
      lastSignInAt,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} s
        where s.employee_id = ${employeeId} and s.revoked_at is null and s.expires_at > ${now})`,
      invited,
    })
    .from(employees)
    .where(staffWhere(filters))
    .orderBy(...staffOrder(filters.sort))
    .limit(window.limit)
    .offset(window.offset);
}

export async function listRoles(db: Executor): Promise<RoleRecord[]> {
  return db.select().from(roles).orderBy(asc(roles.name));
}

export async function findRolesByName(db: Executor, names: readonly string[]): Promise<RoleRecord[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(inArray(roles.name, [...names]));
}

export async function lockEmployee(db: Executor, employeeId: number) {
  const [employee] = await db.select().from(employees).where(eq(employees.id, employeeId)).for('update');
  return employee;
}

// Two invitations of one email at once: the second waits, then finds the first's employee.
export async function lockEmail(db: Executor, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`employee-email:${email.toLowerCase()}`}, 0))`);
}

export async function findEmployeeIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(sql`lower(${employees.email})`, email.toLowerCase()));
  return row?.id;
}

export async function roleNamesOf(db: Executor, employeeId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(employeeRoles)
    .innerJoin(roles, eq(roles.id, employeeRoles.roleId))
    .where(eq(employeeRoles.employeeId, employeeId))
    .orderBy(asc(roles.name));
  return rows.map((row) => row.name);
}

export async function liveSessions(db: Executor, employeeId: number, now: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.employeeId, employeeId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt));
}

export async function findSession(db: Executor, sessionId: number) {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return session;
}

// A newer link replaces the older ones: they stop working now.
export async function expireUnusedTokens(db: Executor, employeeId: number, now: Date): Promise<void> {
  await db
    .update(passwordTokens)
    .set({ expiresAt: now })
    .where(
      and(eq(passwordTokens.employeeId, employeeId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
    );
}

export async function insertToken(
  db: Executor,
  values: { employeeId: number; tokenHash: string; createdBy: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordTokens).values({ ...values, purpose: 'invite' });
}

// Uses a link once: the check and the use are one statement, so two uses race to one winner.
// The employee of a link that still works (unused, not run out), read without claiming it: a link
// that does not work is answered before any password is hashed.
export async function findUsableToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ employeeId: passwordTokens.employeeId, email: employees.email, active: employees.active })
    .from(passwordTokens)
    .innerJoin(employees, eq(employees.id, passwordTokens.employeeId))
    .where(
      and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
    );
  return row;
}

// Set-password requests with a link that did not work, from one address since a time.
export async function countLinkFailures(db: Executor, ipAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordLinkFailures)
    .where(and(eq(passwordLinkFailures.ipAddress, ipAddress), gt(passwordLinkFailures.createdAt, since)));
  return row?.n ?? 0;
}

// Writes one, and forgets the address's failures older than a day (the window is at most that).
export async function recordLinkFailure(db: Executor, ipAddress: string, now: Date): Promise<void> {
  await db.insert(passwordLinkFailures).values({ ipAddress, createdAt: now });
  await db
    .delete(passwordLinkFailures)
    .where(
      and(
        eq(passwordLinkFailures.ipAddress, ipAddress),
        lt(passwordLinkFailures.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
}

export async function claimToken(db: Executor, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(
      and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)),
    )
    .returning({ employeeId: passwordTokens.employeeId });
  return row?.employeeId;
}

// Invited and not yet set a password with a link (the only employees a new link may be sent to).
export async function isAwaitingPassword(db: Executor, employeeId: number): Promise<boolean> {
  const [row] = await db
    .select({
      invited: sql<boolean>`bool_or(${passwordTokens.purpose} = 'invite')`,
      used: sql<boolean>`bool_or(${passwordTokens.usedAt} is not null)`,
    })
    .from(passwordTokens)
    .where(eq(passwordTokens.employeeId, employeeId));
  return row?.invited === true && row.used !== true;
}
