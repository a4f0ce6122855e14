import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, missingSecretBox } from './secret-box.ts';

const key = Buffer.alloc(32, 7);
const box = createSecretBox(key);
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CONTEXT = 'employee:42:totp-secret';

describe('secret box', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const sealed = box.seal(SECRET, CONTEXT);
    expect(sealed).toMatch(/^gcm1:[\w-]{16}:[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(SECRET)).toBe(false);
    expect(box.open(sealed, CONTEXT)).toBe(SECRET);
    expect(box.seal(SECRET, CONTEXT)).not.toBe(sealed);
    expect(box.open(box.seal('', CONTEXT), CONTEXT)).toBe('');
  });

  it('refuses a sealed value that was changed anywhere', () => {
    const sealed = box.seal(SECRET, CONTEXT);
    const [format, iv, body] = sealed.split(':') as [string, string, string];
    const flip = (text: string, at: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[at] = (bytes[at] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    expect(() => box.open([format, flip(iv, 0), body].join(':'), CONTEXT)).toThrow(/does not open/);
    expect(() => box.open([format, iv, flip(body, 0)].join(':'), CONTEXT)).toThrow(/does not open/);
    // The last bytes are the tag.
    expect(() =>
      box.open([format, iv, flip(body, Buffer.from(body, 'base64url').length - 1)].join(':'), CONTEXT),
    ).toThrow(/does not open/);
    expect(() => box.open(`gcm2:${iv}:${body}`, CONTEXT)).toThrow(/not a sealed secret/);
    expect(() => box.open(`${format}:${iv}`, CONTEXT)).toThrow(/not a sealed secret/);
    expect(() => box.open(`${format}:${iv}:AAAA`, CONTEXT)).toThrow(/malformed/);
    expect(() => box.open(SECRET, CONTEXT)).toThrow(/not a sealed secret/);
  });

  it('does not open with another key', () => {
    const sealed = box.seal(SECRET, CONTEXT);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, CONTEXT)).toThrow(/does not open/);
  });

  it('does not open for other associated data (another employee or purpose)', () => {
    const sealed = box.seal(SECRET, CONTEXT);
    expect(() => box.open(sealed, 'employee:43:totp-secret')).toThrow(/does not open/);
    expect(() => box.open(sealed, 'employee:42:other')).toThrow(/does not open/);
  });

  it('takes only a 32-byte key, and without one refuses to seal or open', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(/32 bytes/);
    expect(() => missingSecretBox.seal(SECRET, CONTEXT)).toThrow(/SECRETS_KEY/);
    expect(() => missingSecretBox.open('gcm1:a:b', CONTEXT)).toThrow(/SECRETS_KEY/);
  });

  it('keeps its own copy of the key', () => {
    const buffer = Buffer.alloc(32, 9);
    const own = createSecretBox(buffer);
    const sealed = own.seal(SECRET, CONTEXT);
    buffer.fill(0);
    expect(own.open(sealed, CONTEXT)).toBe(SECRET);
  });
});
