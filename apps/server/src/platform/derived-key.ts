import { hkdfSync } from 'node:crypto';
import { HttpError } from './http-error.ts';

// One key per purpose, derived from SECRETS_KEY with HKDF-SHA256 (RFC 5869): a key made for
// hotlinks cannot sign or open anything else, and none of them is the secrets key itself.
export function deriveKey(secretsKey: Buffer | null, purpose: string): Buffer {
  if (!secretsKey) throw new HttpError(503, 'No secrets key is configured (SECRETS_KEY); ask engineering to set one.');
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), `portal:${purpose}`, 32));
}
