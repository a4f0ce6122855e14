import { generateSecret, generateURI, verify } from 'otplib';

// RFC 6238 with the settings every authenticator app uses: SHA-1, 6 digits, 30-second steps.
const ISSUER = 'Portal';
// One step either side absorbs clock drift between the phone and the server.
const TOLERANCE_SECONDS = 30;

export function createTotpSecret(): string {
  return generateSecret();
}

export function totpUri(accountEmail: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: accountEmail, secret });
}

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

// afterTimeStep is the last step already used: a code is good once.
export async function verifyTotp(
  secret: string,
  code: string,
  now: Date,
  afterTimeStep: number | null,
): Promise<TotpCheck> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  // Only the TOTP strategy reports its time step; verify() runs TOTP by default.
  return result.valid && 'timeStep' in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
}
