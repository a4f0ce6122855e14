import { createHash, randomBytes } from 'node:crypto';

// Bearer secrets (session tokens, set-password links): 256 random bits; only the sha256 is stored,
// so a copy of the tables holds nothing usable.
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
