import { createHash, randomBytes } from 'node:crypto';

// 256 random bits; only the sha256 is stored, so the sessions table holds nothing usable.
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
