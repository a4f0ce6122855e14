import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.ts';
import { createSecretBox, SecretBoxError } from './secret-box.ts';
import { openStoredSsn, sealSsnDigits, ssnHash, ssnKeysFor, ssnKeysIfConfigured, ssnKeysOf } from './ssn-sealing.ts';

const SECRETS_KEY = Buffer.alloc(32, 0x2a);
const OTHER_KEY = Buffer.alloc(32, 0x2b);
const keys = ssnKeysFor(SECRETS_KEY);

describe('the SSN keys', () => {
  it('are made once per secrets key, whichever way the app asks for them', () => {
    expect(ssnKeysFor(SECRETS_KEY)).toBe(keys);
    expect(ssnKeysOf({ secretsKey: SECRETS_KEY })).toBe(keys);
    expect(ssnKeysIfConfigured({ secretsKey: SECRETS_KEY })).toBe(keys);
    expect(ssnKeysFor(OTHER_KEY)).not.toBe(keys);
  });

  it('seal with SECRETS_KEY itself, as every SSN was sealed before: old values open, new ones open the old way', () => {
    const before = createSecretBox(SECRETS_KEY).seal('123456789', 'bankruptcy_notice:7:debtor_ssn');
    expect(openStoredSsn(keys.box, before, 'bankruptcy_notice:7:debtor_ssn')).toBe('123456789');
    const now = sealSsnDigits(keys.box, '123456789', 'customer:7:ssn');
    expect(createSecretBox(SECRETS_KEY).open(now, 'customer:7:ssn')).toBe('123456789');
  });

  it('answer 503 without a secrets key, or nothing when the caller can do without', () => {
    expect(ssnKeysIfConfigured({ secretsKey: null })).toBeNull();
    expect(() => ssnKeysOf({ secretsKey: null })).toThrow(HttpError);
    try {
      ssnKeysOf({ secretsKey: null });
    } catch (error) {
      expect((error as HttpError).statusCode).toBe(503);
    }
  });
});

describe('sealing and opening', () => {
  it('binds the nine digits to what they belong to, and takes nothing else', () => {
    const sealed = sealSsnDigits(keys.box, '123456789', 'customer:42:ssn');
    expect(sealed).toMatch(/^gcm1:[\w-]+:[\w-]+$/);
    expect(() => openStoredSsn(keys.box, sealed, 'customer:43:ssn')).toThrow(SecretBoxError);
    expect(() => openStoredSsn(ssnKeysFor(OTHER_KEY).box, sealed, 'customer:42:ssn')).toThrow(SecretBoxError);
    for (const bad of ['123-45-6789', '12345678', '1234567890', 'abcdefghi', ''])
      expect(() => sealSsnDigits(keys.box, bad, 'customer:1:ssn')).toThrow('takes the nine digits of an SSN.');
  });

  it('reads a value from before sealing as it is', () => {
    expect(openStoredSsn(keys.box, '123456789', 'customer:7:ssn')).toBe('123456789');
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
    expect(ssnHash(ssnKeysFor(OTHER_KEY), '123456789')).not.toBe(hash);
    expect(ssnHash(keys, '123456780')).not.toBe(hash);
  });
});
