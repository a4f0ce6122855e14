import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http-error.ts';
import { SecretBoxError } from '../../platform/secret-box.ts';
import {
  createSsnKeys,
  createSsnSealer,
  last4,
  nineDigits,
  openSsn,
  sealSsn,
  ssnHash,
  ssnKeysOf,
  ssnSealContext,
} from './ssn.ts';

const SECRETS_KEY = Buffer.alloc(32, 0x2a);
const OTHER_KEY = Buffer.alloc(32, 0x2b);
const keys = createSsnKeys(SECRETS_KEY);

describe('sealing an SSN', () => {
  it('seals the nine digits for one customer: the text holds no digit of it and opens only for them', () => {
    const stored = sealSsn(keys, 42, '123456789');
    expect(stored.sealed).toMatch(/^gcm1:[\w-]+:[\w-]+$/);
    expect(stored.sealed).not.toContain('123456789');
    expect(openSsn(keys, 42, stored.sealed)).toBe('123456789');
    expect(keys.box.open(stored.sealed, ssnSealContext(42))).toBe('123456789');
    expect(() => openSsn(keys, 43, stored.sealed)).toThrow(SecretBoxError);
    expect(() => openSsn(createSsnKeys(OTHER_KEY), 42, stored.sealed)).toThrow(SecretBoxError);
  });

  it('seals the same number differently each time (a fresh IV), with one hash', () => {
    const [a, b] = [sealSsn(keys, 42, '123456789'), sealSsn(keys, 42, '123456789')];
    expect(a.sealed).not.toBe(b.sealed);
    expect(a.hash).toBe(b.hash);
    expect(a.last4).toBe('6789');
  });

  it('takes only the nine digits', () => {
    for (const bad of ['123-45-6789', '12345678', '1234567890', 'abcdefghi', ''])
      expect(() => sealSsn(keys, 1, bad)).toThrow('sealSsn takes the nine digits of an SSN.');
  });

  it('reads a value from before sealing as it is', () => {
    expect(openSsn(keys, 7, '123456789')).toBe('123456789');
  });
});

describe('the keyed hash', () => {
  it('is HMAC-SHA256 of the digits under an HKDF key of its own, derived from the secrets key', () => {
    const hashKey = Buffer.from(hkdfSync('sha256', SECRETS_KEY, Buffer.alloc(0), 'portal:ssn-hash-v1', 32));
    expect(ssnHash(keys, '123456789')).toBe(createHmac('sha256', hashKey).update('123456789').digest('hex'));
    expect(keys.hashKey.equals(SECRETS_KEY)).toBe(false);
  });

  it('cannot be matched without the key: not a plain hash, and another key gives another hash', () => {
    const hash = ssnHash(keys, '123456789');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(createHash('sha256').update('123456789').digest('hex'));
    expect(ssnHash(createSsnKeys(OTHER_KEY), '123456789')).not.toBe(hash);
    expect(ssnHash(keys, '123456780')).not.toBe(hash);
  });
});

describe('the rest', () => {
  it('keeps the last four digits', () => {
    expect(last4('123456789')).toBe('6789');
  });

  it('reads nine digits however they are written, for searches', () => {
    expect(nineDigits('123-45-6789')).toBe('123456789');
    expect(nineDigits(' 123 45 6789 ')).toBe('123456789');
    // Searches find numbers stored before the shape rules too.
    expect(nineDigits('000-12-3456')).toBe('000123456');
    expect(nineDigits('123-45-678')).toBeNull();
    expect(nineDigits('123.45.6789')).toBeNull();
  });

  it("answers 503 when the app has no secrets key, and the seed's sealer matches sealSsn", () => {
    expect(() => ssnKeysOf({ secretsKey: null })).toThrow(HttpError);
    try {
      ssnKeysOf({ secretsKey: null });
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(503);
    }
    const sealed = createSsnSealer(SECRETS_KEY)(9, '987654321');
    expect(openSsn(keys, 9, sealed.sealed)).toBe('987654321');
    expect(sealed).toMatchObject({ hash: ssnHash(keys, '987654321'), last4: '4321' });
  });
});
