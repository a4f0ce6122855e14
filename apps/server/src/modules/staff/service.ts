import {
  STAFF_PAGE_SIZE,
  type CallBody,
  type SetPasswordLinkResponse,
  type Stage,
  type StaffListResponse,
  type StaffSessionsResponse,
  type StaffView,
  type staffCalls,
} from '@portal/contracts';
import { hashPassword, type Database, type Executor } from '@portal/db';
import { isDemoAccountEmail } from '@portal/db/seed';
import type { Actor } from '../../platform/actor.ts';
import { recordAuditEvent, recordChange } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageWindow, pagination } from '../../platform/list-source.ts';
import { badRequest, conflict, notFound, tooManyRequests } from '../../platform/http-error.ts';
import { employeeRecipient, queueOutboundMessage, type MessageRecord } from '../../platform/outbound.ts';
import type { Outbox } from '../../platform/outbox.ts';
import { hashSecretToken } from '../../platform/tokens.ts';
import {
  clearEmployeeMfa,
  replaceEmployeeRoles,
  setEmployeeActive,
  setEmployeePasswordHash,
  type SessionAdministration,
} from '../session/index.ts';
import { createInvitedEmployee, issueLink, rolesNamed, setPasswordLink } from './invitation.ts';
import { INVITATION_SUBJECT, STAFF_MESSAGES, invitationBody } from './messages.ts';
import { newPasswordProblem } from './password-rules.ts';
import * as repository from './repository.ts';
import { staffList } from './staff-list.ts';

export type StaffServiceDeps = {
  db: Database;
  clock: Clock;
  outbox: Outbox;
  sessions: SessionAdministration;
  // Outside dev a demo account is never reactivated (issue 27).
  stage: Stage;
  // The sign-in limit's window and per-address count also limit set-password links that do not work.
  limits: { windowMinutes: number; maxFailuresPerAddress: number };
};

type InviteInput = CallBody<typeof staffCalls.inviteEmployee>;

const STAFF_ADMIN = 'staff.admin';

// Staff administration (issue: employees, roles, MFA, sessions; decision 020). Every change is one
// transaction with its audit event; ending sessions reaches every API process by NOTIFY.
export function createStaffService({ db, clock, outbox, sessions, stage, limits }: StaffServiceDeps) {
  async function employeeFor(tx: Executor, employeeId: number) {
    const employee = await repository.lockEmployee(tx, employeeId);
    if (!employee) throw notFound(STAFF_MESSAGES.notFound(employeeId));
    return employee;
  }

  // GET staff/employees?q&status&role&sort&page: a page of the employees the filters keep, and every
  // role (for the pickers).
  async function list(view: StaffView): Promise<StaffListResponse> {
    const { page, ...filters } = view;
    const staff = staffList({ clock });
    const [total, employees, roles] = await Promise.all([
      staff.count(db, filters),
      staff.rows(db, filters, pageWindow(page, STAFF_PAGE_SIZE)),
      repository.listRoles(db),
    ]);
    return {
      employees,
      roles: roles.map((role) => ({ name: role.name, permissions: role.permissions })),
      pagination: pagination(page, STAFF_PAGE_SIZE, total),
    };
  }

  // The invitation email goes through the outbox (its worker sends it; the request never waits for
  // the provider); the answer carries the link too, so it can be handed over when no email goes out.
  async function answerWithLink(
    message: MessageRecord,
    employeeId: number,
    email: string,
    link: { token: string; expiresAt: Date },
    baseUrl: string,
  ): Promise<SetPasswordLinkResponse> {
    outbox.nudge();
    const text = outbox.canSend(message.type)
      ? STAFF_MESSAGES.invitationQueued(email)
      : STAFF_MESSAGES.invitationWaiting(email);
    return {
      message: text,
      employee_id: employeeId,
      link: setPasswordLink(baseUrl, link.token),
      expires_at: link.expiresAt.toISOString(),
    };
  }

  function queueInvitation(tx: Executor, to: string, name: string, link: string, now: Date) {
    return queueOutboundMessage(
      tx,
      {
        type: 'email',
        to,
        subject: INVITATION_SUBJECT,
        body: invitationBody(name, link),
        clearance: employeeRecipient(),
      },
      now,
    );
  }

  async function invite(actor: Actor, input: InviteInput, baseUrl: string): Promise<SetPasswordLinkResponse> {
    const now = clock.now();
    const { employee, link, message } = await db.transaction(async (tx) => {
      const created = await createInvitedEmployee(tx, { ...input, createdBy: actor.employeeId, now });
      const queued = await queueInvitation(
        tx,
        created.employee.email,
        created.employee.name,
        setPasswordLink(baseUrl, created.token),
        now,
      );
      await recordChange(tx, actor, 'staff.employee_invited', ['employee', created.employee.id], {
        after: { email: created.employee.email, name: created.employee.name, roles: created.roles },
      });
      return { employee: created.employee, link: created, message: queued };
    });
    return answerWithLink(message, employee.id, employee.email, link, baseUrl);
  }

  async function resendInvitation(actor: Actor, employeeId: number, baseUrl: string) {
    const now = clock.now();
    const { employee, link, message } = await db.transaction(async (tx) => {
      const found = await employeeFor(tx, employeeId);
      if (!(await repository.isAwaitingPassword(tx, employeeId)))
        throw conflict(STAFF_MESSAGES.notAwaitingPassword(found.name));
      if (!found.active) throw conflict(STAFF_MESSAGES.alreadyInactive(found.name));
      const issued = await issueLink(tx, employeeId, actor.employeeId, now);
      const queued = await queueInvitation(tx, found.email, found.name, setPasswordLink(baseUrl, issued.token), now);
      await recordChange(tx, actor, 'staff.invitation_resent', ['employee', employeeId]);
      return { employee: found, link: issued, message: queued };
    });
    return answerWithLink(message, employee.id, employee.email, link, baseUrl);
  }

  async function updateRoles(actor: Actor, employeeId: number, roleNames: readonly string[]) {
    const name = await db.transaction(async (tx) => {
      const employee = await employeeFor(tx, employeeId);
      const roles = await rolesNamed(tx, roleNames);
      const keepsStaffAdmin = roles.some((role) => role.permissions.includes(STAFF_ADMIN));
      if (employeeId === actor.employeeId && !keepsStaffAdmin) throw conflict(STAFF_MESSAGES.ownStaffAdmin);
      const before = await repository.roleNamesOf(tx, employeeId);
      await replaceEmployeeRoles(
        tx,
        employeeId,
        roles.map((role) => role.id),
      );
      await recordChange(tx, actor, 'staff.roles_changed', ['employee', employeeId], {
        before: { roles: before },
        after: { roles: roles.map((role) => role.name).sort() },
      });
      // Their sessions carry their permissions: every process reads them again.
      await sessions.announceEmployeeChange(tx, employeeId);
      return employee.name;
    });
    sessions.forgetEmployee(employeeId);
    return { message: STAFF_MESSAGES.rolesSaved(name) };
  }

  async function deactivate(actor: Actor, employeeId: number) {
    if (employeeId === actor.employeeId) throw conflict(STAFF_MESSAGES.deactivateSelf);
    const result = await db.transaction(async (tx) => {
      const employee = await employeeFor(tx, employeeId);
      if (!employee.active) throw conflict(STAFF_MESSAGES.alreadyInactive(employee.name));
      await setEmployeeActive(tx, employeeId, false);
      const ended = await sessions.endEmployeeSessions(tx, employeeId);
      await recordChange(tx, actor, 'staff.employee_deactivated', ['employee', employeeId], {
        before: { active: true },
        after: { active: false, sessionsEnded: ended },
      });
      return { name: employee.name, ended };
    });
    sessions.forgetEmployee(employeeId);
    return { message: STAFF_MESSAGES.deactivated(result.name, result.ended) };
  }

  async function reactivate(actor: Actor, employeeId: number) {
    const name = await db.transaction(async (tx) => {
      const employee = await employeeFor(tx, employeeId);
      if (employee.active) throw conflict(STAFF_MESSAGES.alreadyActive(employee.name));
      // Its password is published: outside dev it stays locked out, as the start's check asked.
      if (stage !== 'dev' && isDemoAccountEmail(employee.email))
        throw conflict(STAFF_MESSAGES.demoAccount(employee.email, stage));
      await setEmployeeActive(tx, employeeId, true);
      await recordChange(tx, actor, 'staff.employee_reactivated', ['employee', employeeId], {
        before: { active: false },
        after: { active: true },
      });
      return employee.name;
    });
    return { message: STAFF_MESSAGES.reactivated(name) };
  }

  // A lost or replaced device: MFA is off until they enrol again, and their sessions end (whoever
  // holds the old device is out).
  async function resetMfa(actor: Actor, employeeId: number) {
    const name = await db.transaction(async (tx) => {
      const employee = await employeeFor(tx, employeeId);
      await clearEmployeeMfa(tx, employeeId);
      const ended = await sessions.endEmployeeSessions(tx, employeeId);
      await recordChange(tx, actor, 'staff.mfa_reset', ['employee', employeeId], {
        before: { mfaEnabled: employee.mfaSecret !== null, mfaPending: employee.mfaPendingSecret !== null },
        after: { mfaEnabled: false, sessionsEnded: ended },
      });
      return employee.name;
    });
    sessions.forgetEmployee(employeeId);
    return { message: STAFF_MESSAGES.mfaReset(name) };
  }

  async function listSessions(actor: Actor, employeeId: number): Promise<StaffSessionsResponse> {
    const rows = await repository.liveSessions(db, employeeId, clock.now());
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        ip_address: row.ipAddress,
        user_agent: row.userAgent,
      })),
    };
  }

  async function revokeSession(actor: Actor, sessionId: number) {
    const employeeId = await db.transaction(async (tx) => {
      const session = await repository.findSession(tx, sessionId);
      if (!session || session.revokedAt !== null || session.expiresAt <= clock.now())
        throw notFound(STAFF_MESSAGES.sessionNotFound(sessionId));
      await sessions.endSession(tx, session.employeeId, sessionId);
      await recordChange(tx, actor, 'staff.session_revoked', ['session', sessionId], {
        after: { employeeId: session.employeeId },
      });
      return session.employeeId;
    });
    sessions.forgetEmployee(employeeId);
    return { message: STAFF_MESSAGES.sessionRevoked };
  }

  // Public: the link is the proof. One use, within its 24 hours, for an active account. The link is
  // looked up before the password is hashed, so a request without a good one costs no scrypt; an
  // address with too many of those in the sign-in limit's window is answered 429 (issue 27).
  async function setPassword(input: { token: string; password: string }, ipAddress: string) {
    const now = clock.now();
    const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
    if ((await repository.countLinkFailures(db, ipAddress, since)) >= limits.maxFailuresPerAddress)
      throw tooManyRequests(STAFF_MESSAGES.tooManyLinkFailures(limits.windowMinutes));
    const link = await repository.findUsableToken(db, hashSecretToken(input.token), now);
    if (!link) {
      await repository.recordLinkFailure(db, ipAddress, now);
      throw badRequest(STAFF_MESSAGES.linkInvalid);
    }
    if (!link.active) throw conflict(STAFF_MESSAGES.accountInactive);
    const problem = newPasswordProblem(input.password, link.email);
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(input.password);
    // Claimed only now, and conditionally: of two uses at once, one wins and the other is refused.
    const email = await db.transaction(async (tx) => {
      const employeeId = await repository.claimToken(tx, hashSecretToken(input.token), now);
      if (employeeId === undefined) throw badRequest(STAFF_MESSAGES.linkInvalid);
      const employee = await employeeFor(tx, employeeId);
      if (!employee.active) throw conflict(STAFF_MESSAGES.accountInactive);
      await setEmployeePasswordHash(tx, employeeId, passwordHash);
      await recordAuditEvent(tx, {
        employeeId,
        action: 'employee.password_set',
        entityType: 'employee',
        entityId: employeeId,
        ipAddress,
      });
      return employee.email;
    });
    return { message: STAFF_MESSAGES.passwordSet, email };
  }

  return {
    list,
    invite,
    resendInvitation,
    updateRoles,
    deactivate,
    reactivate,
    resetMfa,
    listSessions,
    revokeSession,
    setPassword,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
