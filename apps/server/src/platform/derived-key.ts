import { hkdfSync } from 'node:crypto';
import { HttpError } from './http-error.ts';

// One key per purpose, derived from SECRETS_KEY with HKDF-SHA256 (RFC 5869): a key made for
// hotlinks cannot sign or open anything else, and none of them is the secrets key itself.
export function deriveKey(secretsKey: Buffer | null, purpose: string): Buffer {
  if (!secretsKey) throw new HttpError(503, 'No secrets key is configured (SECRETS_KEY); ask engineering to set one.');
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `portal:${purpose}`, 32));
}

// What a context holds of the secrets keys. The retired one (SECRETS_KEY_PREVIOUS, while a new key
// is rolled out, decision 072) is optional in the type: every module's deps are the whole server
// context object (app.ts), so it is there whenever it is configured, though most deps types name
// only secretsKey.
export type SecretsKeys = { secretsKey: Buffer | null; previousSecretsKey?: Buffer | null };

// The keys a signed token of this purpose is checked with: SECRETS_KEY's, and the retired key's, so
// links sent before the change still hold until they run out.
export function verificationKeys(context: SecretsKeys, purpose: string): Buffer[] {
  const current = deriveKey(context.secretsKey, purpose);
  return context.previousSecretsKey ? [current, deriveKey(context.previousSecretsKey, purpose)] : [current];
}
