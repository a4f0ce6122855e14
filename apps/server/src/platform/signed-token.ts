import { createHmac, timingSafeEqual } from 'node:crypto';

// A token the server signs and later checks without storing it: `<payload>.<signature>` in
// base64url, the payload JSON and the signature HMAC-SHA256 under a key derived for that purpose
// alone (derived-key.ts). Customer-app links (hotlinks, document uploads) carry them.

export function signToken(key: Buffer, payload: object): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${signature}`;
}

// The payload of a token one of these keys signed (derived-key.ts verificationKeys), or null for
// anything else (forged, damaged, not JSON).
export function readSignedToken(keys: Buffer | readonly Buffer[], token: string): unknown {
  const [body, signature, ...rest] = token.split('.');
  if (!body || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const signedBy = (key: Buffer) => {
    const expected = createHmac('sha256', key).update(body).digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  if (!(Array.isArray(keys) ? keys : [keys as Buffer]).some(signedBy)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
