import { sql } from 'drizzle-orm';
import { passwordDecoyHash, verifyPassword, type Database, type Executor } from '@portal/db';
import { isDemoAccountEmail } from '@portal/db/seed';
import {
  SESSION_TTL_MS,
  permissions as knownPermissions,
  type Permission,
  type SessionResponse,
  type Stage,
} from '@portal/contracts';
import { recordAuditEvent } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { EmployeeOfflineRegistry } from '../../platform/employee-offline.ts';
import { conflict, tooManyRequests, unauthorized } from '../../platform/http-error.ts';
import { isSealed, SecretBoxError, type SecretBox } from '../../platform/secret-box.ts';
import { plainToReseal, type Rekey, type RekeyCount } from '../../platform/rekey.ts';
import type { SealedSample } from '../../platform/sealed-samples.ts';
import { createTotpSecret, totpUri, verifyTotp } from '../../platform/totp.ts';
import * as repository from './repository.ts';
import type { AuthenticatedSession } from '../../platform/request-session.ts';
import { SESSION_CHANGES_CHANNEL, type SessionCache } from './session-cache.ts';
import { createSecretToken, hashSecretToken } from '../../platform/tokens.ts';

export type SignInLimits = { windowMinutes: number; maxFailuresPerEmail: number; maxFailuresPerAddress: number };

export type SessionServiceDeps = {
  db: Database;
  // Outside dev, demo accounts never sign in and some permissions need MFA (issue 27).
  stage: Stage;
  clock: Clock;
  limits: SignInLimits;
  cache: SessionCache;
  // Seals TOTP secrets at rest (SECRETS_KEY).
  secrets: SecretBox;
  // The work queues, which hand an employee's items back when they go offline.
  employeeOffline: EmployeeOfflineRegistry;
};

export type RequestContext = { ipAddress: string; userAgent: string | null };

// Failures from one address on real accounts are limited only by this multiple of the
// per-address limit (which counts failures on emails that are no account): many employees may
// share one address behind a proxy, and their wrong passwords are limited per email anyway.
export const ADDRESS_CEILING_FACTOR = 5;

// Outside dev, whoever holds one of these signs in with MFA: they administer staff or see whole SSNs.
export const PERMISSIONS_NEEDING_MFA: ReadonlyArray<{ permission: Permission; words: string }> = [
  { permission: 'staff.admin', words: 'staff administration' },
  { permission: 'customers.reveal_ssn', words: 'revealing SSNs' },
];

export const DEMO_ACCOUNT_REFUSAL =
  'Demo accounts cannot sign in here: their password is published, so they work only with STAGE=dev. Sign in with your own account.';

export const mfaNeededForPermissions = (words: readonly string[]) =>
  `Your roles include ${words.join(' and ')}, which need MFA: set it up with "Enable MFA", then sign in with a code from your authenticator app.`;

// The associated data a TOTP secret is sealed with: a sealed secret copied to another employee does not open.
export const mfaSecretContext = (employeeId: number) => `employee:${employeeId}:totp-secret`;

const MESSAGES = {
  invalidCredentials: 'Invalid email or password.',
  otpRequired: 'Enter the one-time password from your authenticator app.',
  otpInvalid: 'The one-time password is incorrect or has expired. Enter the current code from your authenticator app.',
  tooManyForEmail: (minutes: number) =>
    `Too many failed sign-in attempts for this email. Please wait ${minutes} minutes and try again.`,
  tooManyForAddress: (minutes: number) =>
    `Too many failed sign-in attempts from this network address. Please wait ${minutes} minutes and try again.`,
  mfaAlreadyOn: 'MFA is already on for this account. Ask an administrator to reset it before enrolling a new device.',
  mfaEnrolmentRequired:
    'An administrator reset your MFA: set it up again with "Enable MFA", then sign in with a code from your authenticator app.',
  signInRequired: 'Sign in to continue.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

export function createSessionService({
  db,
  stage,
  limits,
  clock,
  cache,
  secrets,
  employeeOffline,
}: SessionServiceDeps) {
  const windowStart = () => new Date(clock.now().getTime() - limits.windowMinutes * 60_000);

  function refusalFor(failures: repository.RecentFailures): string | null {
    if (failures.forEmail >= limits.maxFailuresPerEmail) return MESSAGES.tooManyForEmail(limits.windowMinutes);
    // An address over its limit is refused for every email: refusing only unknown ones would tell which emails exist.
    if (
      failures.unknownEmailsFromAddress >= limits.maxFailuresPerAddress ||
      failures.fromAddress >= limits.maxFailuresPerAddress * ADDRESS_CEILING_FACTOR
    ) {
      return MESSAGES.tooManyForAddress(limits.windowMinutes);
    }
    return null;
  }

  // Every attempt is written, committed, before its password is checked: as a failure, which a
  // success later turns into a success, so parallel attempts count each other. Counting and writing
  // share a short transaction under the email's and the address's lock, so the counts are exact
  // (of 40 parallel wrong passwords exactly 5 are checked); nothing is held during scrypt. A refused
  // attempt is written as refused: it checked nothing, so it is no failure.
  async function recordAttempt(email: string, context: RequestContext, accountExists: boolean): Promise<number> {
    const { attemptId, refusal } = await db.transaction(async (tx) => {
      await repository.lockSignInAttempts(tx, email, context.ipAddress);
      const failures = await repository.countRecentFailures(tx, {
        email,
        ipAddress: context.ipAddress,
        since: windowStart(),
      });
      const reason = refusalFor(failures);
      const id = await repository.insertSignInAttempt(tx, {
        email,
        ipAddress: context.ipAddress,
        accountExists,
        refused: reason !== null,
        createdAt: clock.now(),
      });
      return { attemptId: id, refusal: reason };
    });
    if (refusal) throw tooManyRequests(refusal);
    return attemptId;
  }

  // A refusal after this leaves the attempt written as a failure.
  async function checkPassword(email: string, password: string, context: RequestContext) {
    const employee = await repository.findEmployeeByEmail(db, email);
    const attemptId = await recordAttempt(email, context, employee !== undefined);
    // Without an account the decoy hash is checked anyway, so timing does not tell which emails exist.
    const passwordMatches = await verifyPassword(password, employee?.passwordHash ?? (await passwordDecoyHash()));
    if (!employee || !employee.active || !passwordMatches) throw unauthorized(MESSAGES.invalidCredentials);
    // Whatever state an administrator put it in: the start's check (startup.ts) is not the only guard.
    if (stage !== 'dev' && isDemoAccountEmail(employee.email)) throw unauthorized(DEMO_ACCOUNT_REFUSAL);
    return { employee, attemptId };
  }

  // Outside dev, what of PERMISSIONS_NEEDING_MFA an employee without MFA on holds (in words).
  async function permissionsNeedingMfa(employeeId: number): Promise<string[]> {
    if (stage === 'dev') return [];
    const held = await repository.findPermissions(db, employeeId);
    return PERMISSIONS_NEEDING_MFA.filter(({ permission }) => held.includes(permission)).map(({ words }) => words);
  }

  async function signIn(
    input: { email: string; password: string; otp?: string | null },
    context: RequestContext,
  ): Promise<Omit<SessionResponse, 'escalation_contact'>> {
    const email = input.email.toLowerCase();
    const { employee, attemptId } = await checkPassword(email, input.password, context);
    const now = clock.now();
    const otp = input.otp ?? '';

    // MFA is on once a code from the enrolled secret was accepted; until then the pending
    // secret is checked only when a code is given, and that first good code turns MFA on.
    const sealedSecret = employee.mfaSecret ?? (otp !== '' ? employee.mfaPendingSecret : null);
    const enabling = employee.mfaSecret === null && sealedSecret !== null;
    // After an MFA reset the password alone does not do: a new device must be enrolled first.
    if (employee.mfaRequired && sealedSecret === null) throw unauthorized(MESSAGES.mfaEnrolmentRequired);
    // Nor, outside dev, for staff administrators and SSN revealers: they enrol (enable_2fa) and their
    // first good code turns MFA on and signs them in, as after a reset.
    if (sealedSecret === null) {
      const needing = await permissionsNeedingMfa(employee.id);
      if (needing.length > 0) throw unauthorized(mfaNeededForPermissions(needing));
    }
    let acceptedStep: number | null = null;
    if (sealedSecret) {
      if (otp === '') throw unauthorized(MESSAGES.otpRequired);
      const secret = secrets.open(sealedSecret, mfaSecretContext(employee.id));
      const check = await verifyTotp(secret, otp, now, employee.mfaLastTimeStep);
      if (!check.valid) throw unauthorized(MESSAGES.otpInvalid);
      acceptedStep = check.timeStep;
    }

    const token = createSecretToken();
    const tokenHash = hashSecretToken(token);
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const mfaEnabled = sealedSecret !== null;
    const signedIn = await db.transaction(async (tx) => {
      // First, and conditional: the code checked above was read before; of parallel sign-ins with
      // one code only one records its time step, and the others stop here with nothing written.
      if (sealedSecret && acceptedStep !== null) {
        const claimed = enabling
          ? await repository.enableMfa(tx, employee.id, {
              pendingSecret: sealedSecret,
              timeStep: acceptedStep,
              at: now,
            })
          : await repository.claimTotpStep(tx, employee.id, { secret: sealedSecret, timeStep: acceptedStep });
        if (!claimed) return false;
        if (enabling) {
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
      await repository.markSignInAttemptSucceeded(tx, attemptId);
      await recordAuditEvent(tx, {
        employeeId: employee.id,
        action: 'employee.sign_in',
        entityType: 'session',
        entityId: session.id,
        after: { expiresAt: expiresAt.toISOString(), mfa: mfaEnabled },
        ipAddress: context.ipAddress,
      });
      return true;
    });
    // The attempt stays written as a failure.
    if (!signedIn) throw unauthorized(MESSAGES.otpInvalid);

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
    const { employee, attemptId } = await checkPassword(email, input.password, context);
    // The right password here is no sign-in: its attempt goes, so it neither counts as a failure
    // nor, as a success would, wipes the count of failed codes before it.
    await repository.deleteSignInAttempt(db, attemptId);
    if (employee.mfaSecret) throw conflict(MESSAGES.mfaAlreadyOn);
    const secret = createTotpSecret();
    const sealedSecret = secrets.seal(secret, mfaSecretContext(employee.id));
    const started = await db.transaction(async (tx) => {
      if (!(await repository.setPendingMfaSecret(tx, employee.id, sealedSecret))) return false;
      await recordAuditEvent(tx, {
        employeeId: employee.id,
        action: 'employee.mfa_enrolment_started',
        entityType: 'employee',
        entityId: employee.id,
        ipAddress: context.ipAddress,
      });
      return true;
    });
    // MFA was turned on by a sign-in meanwhile.
    if (!started) throw conflict(MESSAGES.mfaAlreadyOn);
    // The employee scans the plain secret once; only the sealed one is stored.
    return { otp_uri: totpUri(employee.email, secret) };
  }

  // The session behind a bearer token, or a 401 that says why there is none.
  async function authenticate(token: string | null): Promise<AuthenticatedSession> {
    if (!token) throw unauthorized(MESSAGES.signInRequired);
    const now = clock.now();
    const cached = cache.get(token, now);
    if (cached) return cached;
    const lookup = cache.beginLookup();
    const tokenHash = hashSecretToken(token);
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
    cache.set(token, session, now, lookup);
    return session;
  }

  async function signOut(session: AuthenticatedSession, context: RequestContext): Promise<void> {
    const now = clock.now();
    const signedOutEverywhere = await db.transaction(async (tx) => {
      await repository.lockEmployee(tx, session.employeeId);
      await repository.revokeSession(tx, session.sessionId, now);
      // Signed out of their last session: offline, and their tickets (every queue's items) go back
      // now, not when the leases run out. Another live session (a second browser) keeps working as it was.
      const everywhere = !(await repository.hasLiveSession(tx, session.employeeId, now));
      if (everywhere) {
        await repository.setEmployeeOnline(tx, session.employeeId, false);
        await employeeOffline.releaseEmployeeWork(tx, session.employeeId);
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
      // Set offline first: the queues lock the employee row before leasing, so no lease slips in after this release.
      if (!online) await employeeOffline.releaseEmployeeWork(tx, session.employeeId);
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

  // For staff administration, inside its transaction. Every session of the employee ends: they go
  // offline and their queued work goes back, as at sign-out, and every API process drops them from
  // its cache when the transaction commits (NOTIFY). Call forgetEmployee after the commit so that
  // this process does at once.
  async function endEmployeeSessions(tx: Executor, employeeId: number): Promise<number> {
    await repository.lockEmployee(tx, employeeId);
    const ended = await repository.revokeEmployeeSessions(tx, employeeId, clock.now());
    await repository.setEmployeeOnline(tx, employeeId, false);
    await employeeOffline.releaseEmployeeWork(tx, employeeId);
    await announceChange(tx, `employee:${employeeId}`);
    return ended;
  }

  // One session ends (revoked by an administrator); the last one takes the employee offline.
  async function endSession(tx: Executor, employeeId: number, sessionId: number): Promise<void> {
    const now = clock.now();
    await repository.lockEmployee(tx, employeeId);
    await repository.revokeSession(tx, sessionId, now);
    if (!(await repository.hasLiveSession(tx, employeeId, now))) {
      await repository.setEmployeeOnline(tx, employeeId, false);
      await employeeOffline.releaseEmployeeWork(tx, employeeId);
    }
    await announceChange(tx, `employee:${employeeId}`);
  }

  // What the cache holds of the employee (sessions, permissions) is stale: announce it to the other
  // processes in the transaction that changed it.
  async function announceEmployeeChange(tx: Executor, employeeId: number): Promise<void> {
    await announceChange(tx, `employee:${employeeId}`);
  }

  function forgetEmployee(employeeId: number): void {
    cache.evict(`employee:${employeeId}`);
  }

  return {
    signIn,
    startMfaEnrolment,
    authenticate,
    signOut,
    toggleOnline,
    endEmployeeSessions,
    endSession,
    announceEmployeeChange,
    forgetEmployee,
  };
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

// A new SECRETS_KEY (npm run reseal, decision 072): every MFA secret, enrolled or pending, sealed
// again under it in one transaction (a few per employee). A secret that opens with neither key is
// left and reported: its employee enrolls again after an administrator resets their MFA.
export async function rekeyMfaSecrets(db: Database, rekey: Rekey): Promise<RekeyCount> {
  const started = performance.now();
  return db.transaction(async (tx) => {
    let resealed = 0;
    const unreadable: number[] = [];
    for (const row of await repository.findEmployeesWithMfaSecrets(tx)) {
      for (const column of ['mfaSecret', 'mfaPendingSecret'] as const) {
        const value = row[column];
        if (value === null) continue;
        let plain: string | null;
        try {
          plain = plainToReseal(rekey, value, mfaSecretContext(row.id));
        } catch (error) {
          if (!(error instanceof SecretBoxError)) throw error;
          if (!unreadable.includes(row.id)) unreadable.push(row.id);
          continue;
        }
        if (plain === null) continue;
        const to = rekey.to.box.seal(plain, mfaSecretContext(row.id));
        if (await repository.replaceMfaSecret(tx, row.id, column, { from: value, to })) resealed += 1;
      }
    }
    return { resealed, unreadable, seconds: (performance.now() - started) / 1000 };
  });
}

// The sealed MFA secrets of up to `limit` employees, for the start's key check
// (platform/sealed-samples.ts).
export async function sealedMfaSamples(db: Database, limit: number): Promise<SealedSample[]> {
  const rows = await repository.findEmployeesWithMfaSecrets(db);
  return rows
    .slice(-limit)
    .flatMap((row) =>
      [row.mfaSecret, row.mfaPendingSecret].flatMap((value) =>
        value !== null && isSealed(value)
          ? [{ what: `employee ${row.id}'s MFA secret`, sealed: value, associatedData: mfaSecretContext(row.id) }]
          : [],
      ),
    );
}

// Secrets stored before they were sealed (plain base32) are sealed once, at start (main.ts). Each
// is replaced only if still the value read, so API processes starting together seal it once.
export async function sealStoredMfaSecrets(db: Database, secrets: SecretBox): Promise<number> {
  return db.transaction(async (tx) => {
    let sealed = 0;
    for (const row of await repository.findEmployeesWithMfaSecrets(tx)) {
      for (const column of ['mfaSecret', 'mfaPendingSecret'] as const) {
        const value = row[column];
        if (value === null || isSealed(value)) continue;
        const to = secrets.seal(value, mfaSecretContext(row.id));
        if (await repository.replaceMfaSecret(tx, row.id, column, { from: value, to })) sealed += 1;
      }
    }
    return sealed;
  });
}
