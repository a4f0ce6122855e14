import { sql } from 'drizzle-orm';
import {
  passwordDecoyHash,
  verifyPassword,
  type Database,
  type Executor,
} from '@portal/db';
import { SESSION_TTL_MS, permissions as knownPermissions, type Permission, type SessionResponse } from '@portal/contracts';
import { recordAuditEvent } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, tooManyRequests, unauthorized } from '../../platform/http-error.ts';
import { createTotpSecret, totpUri, verifyTotp } from '../../platform/totp.ts';
import { releaseTicketLeases } from '../tickets/repository.ts';
import * as repository from './repository.ts';
import { SESSION_CHANGES_CHANNEL, type AuthenticatedSession, type SessionCache } from './session-cache.ts';
import { createSessionToken, hashSessionToken } from './tokens.ts';

export type SignInLimits = { windowMinutes: number; maxFailuresPerEmail: number; maxFailuresPerAddress: number };

export type SessionServiceDeps = {
  db: Database;
  clock: Clock;
  limits: SignInLimits;
  cache: SessionCache;
};

export type RequestContext = { ipAddress: string; userAgent: string | null };

const MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  otpRequired: 'Enter the one-time password from your authenticator app.',
  otpInvalid: 'The one-time password is incorrect or has expired. Enter the current code from your authenticator app.',
  tooManyForEmail: (minutes: number) =>
    `Too many failed sign-in attempts for this email. Please wait ${minutes} minutes and try again.`,
  tooManyForAddress: (minutes: number) =>
    `Too many failed sign-in attempts from this network address. Please wait ${minutes} minutes and try again.`,
  mfaAlreadyOn: 'MFA is already on for this account. Ask an administrator to reset it before enrolling a new device.',
  signInRequired: 'Sign in to continue.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

export function createSessionService({ db, clock, limits, cache }: SessionServiceDeps) {
  const windowStart = () => new Date(clock.now().getTime() - limits.windowMinutes * 60_000);

  async function assertNotRateLimited(email: string, ipAddress: string): Promise<void> {
    const since = windowStart();
    if ((await repository.countRecentEmailFailures(db, email, since)) >= limits.maxFailuresPerEmail) {
      throw tooManyRequests(MESSAGES.tooManyForEmail(limits.windowMinutes));
    }
    if ((await repository.countRecentAddressFailures(db, ipAddress, since)) >= limits.maxFailuresPerAddress) {
      throw tooManyRequests(MESSAGES.tooManyForAddress(limits.windowMinutes));
    }
  }

  // A failure is written on its own, committed even though the request fails, so it counts.
  async function rejectAttempt(email: string, context: RequestContext, message: string): Promise<never> {
    await repository.insertSignInAttempt(db, {
      email,
      ipAddress: context.ipAddress,
      succeeded: false,
      createdAt: clock.now(),
    });
    throw unauthorized(message);
  }

  async function checkPassword(email: string, password: string, context: RequestContext) {
    await assertNotRateLimited(email, context.ipAddress);
    const employee = await repository.findEmployeeByEmail(db, email);
    // Without an account the decoy hash is checked anyway, so timing does not tell which emails exist.
    const passwordMatches = await verifyPassword(password, employee?.passwordHash ?? (await passwordDecoyHash()));
    if (!employee || !employee.active || !passwordMatches) {
      return rejectAttempt(email, context, MESSAGES.invalidCredentials);
    }
    return employee;
  }

  async function signIn(
    input: { email: string; password: string; otp?: string | null },
    context: RequestContext,
  ): Promise<SessionResponse> {
    const email = input.email.toLowerCase();
    const employee = await checkPassword(email, input.password, context);
    const now = clock.now();
    const otp = input.otp ?? '';

    // MFA is on once a code from the enrolled secret was accepted; until then the pending
    // secret is checked only when a code is given, and that first good code turns MFA on.
    const secret = employee.mfaSecret ?? (otp !== '' ? employee.mfaPendingSecret : null);
    let acceptedStep: number | null = null;
    if (secret) {
      if (otp === '') return rejectAttempt(email, context, MESSAGES.otpRequired);
      const check = await verifyTotp(secret, otp, now, employee.mfaSecret ? employee.mfaLastTimeStep : null);
      if (!check.valid) return rejectAttempt(email, context, MESSAGES.otpInvalid);
      acceptedStep = check.timeStep;
    }

    const token = createSessionToken();
    const tokenHash = hashSessionToken(token);
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const mfaEnabled = secret !== null;
    await db.transaction(async (tx) => {
      if (acceptedStep !== null) {
        await repository.updateEmployeeMfa(tx, employee.id, {
          mfaSecret: secret,
          mfaPendingSecret: null,
          mfaEnabledAt: employee.mfaEnabledAt ?? now,
          mfaLastTimeStep: acceptedStep,
        });
        if (!employee.mfaSecret) {
          await recordAuditEvent(tx, {
            employeeId: employee.id,
            action: 'employee.mfa_enabled',
            entityType: 'employee',
            entityId: employee.id,
            before: { mfaEnabled: false },
            after: { mfaEnabled: true },
            ipAddress: context.ipAddress,
          });
        }
      }
      const session = await repository.insertSession(tx, {
        employeeId: employee.id,
        tokenHash,
        expiresAt,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent,
      });
      await repository.insertSignInAttempt(tx, { email, ipAddress: context.ipAddress, succeeded: true, createdAt: now });
      await recordAuditEvent(tx, {
        employeeId: employee.id,
        action: 'employee.sign_in',
        entityType: 'session',
        entityId: session.id,
        after: { expiresAt: expiresAt.toISOString(), mfa: mfaEnabled },
        ipAddress: context.ipAddress,
      });
    });

    const permissions = toPermissions(await repository.findPermissions(db, employee.id));
    return {
      apiToken: token,
      clearance: employee.clearance,
      email: employee.email,
      employeeId: employee.id,
      name: employee.name,
      online: employee.online,
      permissions,
      mfaEnabled,
      expiresAt: expiresAt.toISOString(),
      // Temporary cloud-storage credentials (spec 000 section 3); none are issued until object storage is configured.
      sts_key_id: null,
      sts_secret_key: null,
      sts_session_token: null,
    };
  }

  async function startMfaEnrolment(input: { email: string; password: string }, context: RequestContext) {
    const email = input.email.toLowerCase();
    const employee = await checkPassword(email, input.password, context);
    if (employee.mfaSecret) throw conflict(MESSAGES.mfaAlreadyOn);
    const secret = createTotpSecret();
    await db.transaction(async (tx) => {
      await repository.updateEmployeeMfa(tx, employee.id, { mfaPendingSecret: secret });
      await recordAuditEvent(tx, {
        employeeId: employee.id,
        action: 'employee.mfa_enrolment_started',
        entityType: 'employee',
        entityId: employee.id,
        ipAddress: context.ipAddress,
      });
    });
    return { otp_uri: totpUri(employee.email, secret) };
  }

  // The session behind a bearer token, or a 401 that says why there is none.
  async function authenticate(token: string | null): Promise<AuthenticatedSession> {
    if (!token) throw unauthorized(MESSAGES.signInRequired);
    const now = clock.now();
    const cached = cache.get(token, now);
    if (cached) return cached;
    const tokenHash = hashSessionToken(token);
    const row = await repository.findSessionByTokenHash(db, tokenHash);
    if (!row || row.revokedAt || !row.active) throw unauthorized(MESSAGES.sessionEnded);
    if (row.expiresAt <= now) throw unauthorized(MESSAGES.sessionExpired);
    const session: AuthenticatedSession = {
      sessionId: row.sessionId,
      tokenHash,
      employeeId: row.employeeId,
      email: row.email,
      name: row.name,
      clearance: row.clearance,
      online: row.online,
      permissions: toPermissions(row.permissions),
      mfaEnabled: row.mfaEnabled,
      expiresAt: row.expiresAt,
    };
    cache.set(token, session, now);
    return session;
  }

  async function signOut(session: AuthenticatedSession, context: RequestContext): Promise<void> {
    const now = clock.now();
    const signedOutEverywhere = await db.transaction(async (tx) => {
      await repository.lockEmployee(tx, session.employeeId);
      await repository.revokeSession(tx, session.sessionId, now);
      // Signed out of their last session: offline, and their tickets go back to the queue now, not
      // when the leases run out. Another live session (a second browser) keeps working as it was.
      const everywhere = !(await repository.hasLiveSession(tx, session.employeeId, now));
      if (everywhere) {
        await repository.setEmployeeOnline(tx, session.employeeId, false);
        await releaseTicketLeases(tx, session.employeeId);
        await announceChange(tx, `employee:${session.employeeId}`);
      }
      await recordAuditEvent(tx, {
        employeeId: session.employeeId,
        action: 'employee.sign_out',
        entityType: 'session',
        entityId: session.sessionId,
        before: { online: session.online },
        after: { online: everywhere ? false : session.online },
        ipAddress: context.ipAddress,
      });
      await announceChange(tx, `token:${session.tokenHash}`);
      return everywhere;
    });
    cache.evict(`token:${session.tokenHash}`);
    if (signedOutEverywhere) cache.evict(`employee:${session.employeeId}`);
  }

  async function toggleOnline(session: AuthenticatedSession, online: boolean, context: RequestContext) {
    await db.transaction(async (tx) => {
      await repository.setEmployeeOnline(tx, session.employeeId, online);
      // Set offline first: the queue locks the employee row before leasing, so no lease slips in after this release.
      if (!online) await releaseTicketLeases(tx, session.employeeId);
      await recordAuditEvent(tx, {
        employeeId: session.employeeId,
        action: 'employee.toggle_online',
        entityType: 'employee',
        entityId: session.employeeId,
        before: { online: session.online },
        after: { online },
        ipAddress: context.ipAddress,
      });
      await announceChange(tx, `employee:${session.employeeId}`);
    });
    cache.evict(`employee:${session.employeeId}`);
    return { online };
  }

  return { signIn, startMfaEnrolment, authenticate, signOut, toggleOnline };
}

export type SessionService = ReturnType<typeof createSessionService>;

// Tells the other API processes to drop what they cached; delivered only if the transaction commits.
async function announceChange(tx: Executor, change: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSION_CHANGES_CHANNEL}, ${change})`);
}

function toPermissions(values: string[]): Permission[] {
  return values.filter((value): value is Permission => (knownPermissions as readonly string[]).includes(value));
}

export function toCurrentSession(session: AuthenticatedSession) {
  return {
    clearance: session.clearance,
    email: session.email,
    employeeId: session.employeeId,
    name: session.name,
    online: session.online,
    permissions: session.permissions,
    mfaEnabled: session.mfaEnabled,
    expiresAt: session.expiresAt.toISOString(),
    sts_key_id: null,
    sts_secret_key: null,
    sts_session_token: null,
  };
}
