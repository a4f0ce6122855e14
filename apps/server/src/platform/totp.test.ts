import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTotpSecret, totpUri, verifyTotp } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890" and its 8-digit codes. We use the
// last 6 digits, which is what a 6-digit TOTP of the same seed and time is.
const RFC_SECRET_BASE32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: Array<[seconds: number, code: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('verifyTotp', () => {
  it.each(RFC_VECTORS)('accepts the RFC 6238 code at %i seconds', async (seconds, code) => {
    const check = await verifyTotp(RFC_SECRET_BASE32, code.slice(-6), new Date(seconds * 1000), null);
    expect(check).toEqual({ valid: true, timeStep: Math.floor(seconds / 30) });
  });

  it('rejects a wrong code and a code from two steps ago', async () => {
    expect((await verifyTotp(RFC_SECRET_BASE32, '000000', new Date(59_000), null)).valid).toBe(false);
    expect((await verifyTotp(RFC_SECRET_BASE32, '287082', new Date((59 + 90) * 1000), null)).valid).toBe(false);
  });

  it('refuses a code whose time step was already used', async () => {
    const check = await verifyTotp(RFC_SECRET_BASE32, '287082', new Date(59_000), Math.floor(59 / 30));
    expect(check.valid).toBe(false);
  });

  it.skipIf(!existsSync('/usr/bin/oathtool'))('agrees with oathtool on a fresh secret', async () => {
    const secret = createTotpSecret();
    const now = new Date();
    const code = execFileSync('oathtool', ['--totp', '--base32', `--now=${now.toISOString()}`, secret])
      .toString()
      .trim();
    expect(await verifyTotp(secret, code, now, null)).toMatchObject({ valid: true });
  });

  it('builds an otpauth URI an authenticator app can scan', () => {
    const uri = new URL(totpUri('ana@portal.example', 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Portal');
    expect(decodeURIComponent(uri.pathname)).toContain('ana@portal.example');
  });
});
