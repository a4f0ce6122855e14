import { createHash, timingSafeEqual } from 'node:crypto';

// Compares a secret the caller sent with ours in time that depends on neither value. Both sides
// are hashed first, so their lengths (which timingSafeEqual needs equal) tell nothing either.
export function secretsMatch(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}
