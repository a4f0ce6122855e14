import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { Executor } from '@portal/db';
import { createEmployee, DEFAULT_TEST_PASSWORD } from '@portal/db/testing';
import type { Clock } from '../platform/clock.ts';
import type { StaffSession } from './staff-session.ts';
import { enableMfa } from './session-helpers.ts';

let mfaCounter = 0;

// The current code of a TOTP secret on the test's clock.
export function totpCodeAt(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

// Enrols MFA for an employee with the test password (enable_2fa) and answers the plain secret.
export async function enrolMfa(app: FastifyInstance, email: string, remoteAddress: string): Promise<string> {
  const response = await enableMfa(app, { email, password: DEFAULT_TEST_PASSWORD }, remoteAddress);
  if (response.statusCode !== 200)
    throw new Error(`enrolMfa: enable_2fa answered ${response.statusCode} ${response.body}`);
  const secret = new URL(response.json<{ otp_uri: string }>().otp_uri).searchParams.get('secret');
  if (!secret) throw new Error('enrolMfa: no secret in the otp_uri');
  return secret;
}

// A new employee with MFA on, signed in with a code: what staff with staff.admin or
// customers.reveal_ssn need outside dev (issue 27).
export async function signInWithMfa(
  app: FastifyInstance,
  db: Executor,
  clock: Clock,
  roles: string[],
): Promise<StaffSession & { email: string; secret: string }> {
  mfaCounter += 1;
  const email = `mfa${mfaCounter}.${process.pid}@portal.example`;
  const remoteAddress = `10.27.${Math.floor(mfaCounter / 250) % 250}.${mfaCounter % 250}`;
  const employee = await createEmployee(db, { email, roles });
  const secret = await enrolMfa(app, email, remoteAddress);
  const response = await app.inject({
    method: 'POST',
    url: '/internal/api/employees/sign_in',
    payload: { employee: { email, password: DEFAULT_TEST_PASSWORD, otp: await totpCodeAt(secret, clock.now()) } },
    remoteAddress,
  });
  if (response.statusCode !== 200)
    throw new Error(`signInWithMfa: sign-in answered ${response.statusCode} ${response.body}`);
  const token = response.json<{ apiToken: string }>().apiToken;
  return { employeeId: employee.id, token, headers: { authorization: `Bearer ${token}` }, email, secret };
}
