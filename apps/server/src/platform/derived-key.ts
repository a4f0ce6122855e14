import { hkdfSync } from 'node:crypto';
import { HttpError } from './http-error.ts';

// One key per purpose, derived from SECRETS_KEY with HKDF-SHA256 (RFC 5869): a key made for
// hotlinks cannot sign or open anything else, and none of them is the secrets key itself.
export function deriveKey(secretsKey: Buffer | null, purpose: string): Buffer {
  if (!secretsKey) throw new HttpError(503, 'No secrets key is configured (SECRETS_KEY); ask engineering to set one.');
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `portal:${purpose}`, 32));
}

// The keys a signed token of this purpose is checked with: SECRETS_KEY's, and while a new key is
// rolled out SECRETS_KEY_PREVIOUS's (decision 072), so links sent before the change still hold
// until they run out. Every module's deps are the whole ServerContext (app.ts), so the retired key
// is there whenever it is configured.
export function verificationKeys(
  context: { secretsKey: Buffer | null; previousSecretsKey?: Buffer | null },
  purpose: string,
): Buffer[] {
  const current = deriveKey(context.secretsKey, purpose);
  return context.previousSecretsKey ? [current, deriveKey(context.previousSecretsKey, purpose)] : [current];
}
