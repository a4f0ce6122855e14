import { SET_PASSWORD_LINK_HOURS, controlCharacterMessage, hasControlCharacter } from '@portal/contracts';
import { hashPassword, type Executor } from '@portal/db';
import { badRequest, conflict } from '../../platform/http-error.ts';
import { createSecretToken, hashSecretToken } from '../../platform/tokens.ts';
import { insertEmployee, replaceEmployeeRoles } from '../session/index.ts';
import { STAFF_MESSAGES } from './messages.ts';
import * as repository from './repository.ts';

// The set-password page; the token rides in the fragment, which browsers never send to a server
// (no access log, no Referer carries it).
export function setPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/set-password#token=${token}`;
}

export function linkExpiry(now: Date): Date {
  return new Date(now.getTime() + SET_PASSWORD_LINK_HOURS * 60 * 60 * 1000);
}

// The roles by name, every one of them known (400 naming those that are not).
export async function rolesNamed(tx: Executor, names: readonly string[]) {
  const unique = [...new Set(names)];
  const found = await repository.findRolesByName(tx, unique);
  const missing = unique.filter((name) => !found.some((role) => role.name === name));
  if (missing.length > 0) throw badRequest(STAFF_MESSAGES.unknownRoles(missing));
  return found;
}

// A new link for an employee: earlier unused ones stop working.
export async function issueLink(tx: Executor, employeeId: number, createdBy: number | null, now: Date) {
  await repository.expireUnusedTokens(tx, employeeId, now);
  const token = createSecretToken();
  const expiresAt = linkExpiry(now);
  await repository.insertToken(tx, {
    employeeId,
    tokenHash: hashSecretToken(token),
    createdBy,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}

// A new employee with the roles given and no usable password (a random one nobody knows) until they
// choose theirs with the link. Used by the staff page and by `npm run staff -- add`.
export async function createInvitedEmployee(
  tx: Executor,
  input: { email: string; name: string; roles: readonly string[]; createdBy: number | null; now: Date },
) {
  const email = input.email.trim();
  // The staff page's contract refuses these already; `npm run staff -- add` comes here directly.
  if (hasControlCharacter(input.name.trim())) throw badRequest(controlCharacterMessage('The name'));
  await repository.lockEmail(tx, email);
  const taken = await repository.findEmployeeIdByEmail(tx, email);
  if (taken !== undefined) throw conflict(STAFF_MESSAGES.emailTaken(email, taken));
  const roles = await rolesNamed(tx, input.roles);
  const employee = await insertEmployee(tx, {
    email,
    name: input.name.trim(),
    passwordHash: await hashPassword(createSecretToken()),
  });
  await replaceEmployeeRoles(
    tx,
    employee.id,
    roles.map((role) => role.id),
  );
  const link = await issueLink(tx, employee.id, input.createdBy, input.now);
  return { employee, roles: roles.map((role) => role.name).sort(), ...link };
}
