import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from '../../platform/secret-box.ts';
import { ssnHash, ssnKeysFor } from '../../platform/ssn-sealing.ts';
import { createSsnSealer, openSsn, sealSsn, ssnSealContext } from './ssn.ts';

const SECRETS_KEY = Buffer.alloc(32, 0x2a);
const OTHER_KEY = Buffer.alloc(32, 0x2b);
const keys = ssnKeysFor(SECRETS_KEY);

describe('sealing an SSN', () => {
  it('seals the nine digits for one customer: the text holds no digit of it and opens only for them', () => {
    const stored = sealSsn(keys, 42, '123456789');
    expect(stored.sealed).toMatch(/^gcm1:[\w-]+:[\w-]+$/);
    expect(stored.sealed).not.toContain('123456789');
    expect(openSsn(keys, 42, stored.sealed)).toBe('123456789');
    expect(keys.box.open(stored.sealed, ssnSealContext(42))).toBe('123456789');
    expect(() => openSsn(keys, 43, stored.sealed)).toThrow(SecretBoxError);
    expect(() => openSsn(ssnKeysFor(OTHER_KEY), 42, stored.sealed)).toThrow(SecretBoxError);
  });

  it('seals the same number differently each time (a fresh IV), with one hash', () => {
    const [a, b] = [sealSsn(keys, 42, '123456789'), sealSsn(keys, 42, '123456789')];
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.hash).toBe(b.hash);
    expect(a.last4).toBe('6789');
  });

  it('takes only the nine digits', () => {
    for (const bad of ['123-45-6789', '12345678', '1234567890', 'abcdefghi', ''])
      expect(() => sealSsn(keys, 1, bad)).toThrow('takes the nine digits of an SSN.');
  });

  it('reads a value from before sealing as it is', () => {
    expect(openSsn(keys, 7, '123456789')).toBe('123456789');
  });

  it('opens what was sealed before the SSN keys moved to platform/ssn-sealing.ts (a box of SECRETS_KEY itself)', () => {
    const sealedBefore = createSecretBox(SECRETS_KEY).seal('123456789', 'customer:42:ssn');
    expect(openSsn(keys, 42, sealedBefore)).toBe('123456789');
  });
});

describe("the seed's sealer", () => {
  it('matches sealSsn', () => {
    const sealed = createSsnSealer(SECRETS_KEY)(9, '987654321');
    expect(openSsn(keys, 9, sealed.sealed)).toBe('987654321');
    expect(sealed).toMatchObject({ hash: ssnHash(keys, '987654321'), last4: '4321' });
  });
});
