import { createCipheriv, createDecipheriv, createSecretKey, randomBytes } from 'node:crypto';

// Secrets at rest (TOTP secrets) are sealed with AES-256-GCM under SECRETS_KEY. The text form is
// versioned, `gcm1:<iv>:<ciphertext and tag>` in base64url, so the scheme or key can change later.
// The associated data names what the value is and whose it is: a sealed value copied to another
// row or purpose does not open.
const FORMAT = 'gcm1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecretBox = {
  seal: (plaintext: string, associatedData: string) => string;
  // Throws if the value was not sealed by this key for this associated data, or was changed.
  open: (sealed: string, associatedData: string) => string;
};

export class SecretBoxError extends Error {}

// With `previous` (SECRETS_KEY_PREVIOUS while a new key is rolled out, decision 072), a value that
// does not open with `key` is tried with the retired key, so the Portal reads everything while npm
// run reseal moves it; it always seals with `key`.
export function createSecretBox(key: Buffer, previous: Buffer | null = null): SecretBox {
  const box = createSingleKeyBox(key);
  if (!previous) return box;
  const retired = createSingleKeyBox(previous);
  return {
    seal: box.seal,
    open: (sealed, associatedData) => {
      try {
        return box.open(sealed, associatedData);
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        return retired.open(sealed, associatedData);
      }
    },
  };
}

function createSingleKeyBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES)
    throw new SecretBoxError(`A secrets key must be ${KEY_BYTES} bytes, not ${key.length}.`);
  // A key object, made once: a copy, so a caller reusing its buffer cannot change the key under
  // us, and a cipher made from it skips importing the raw key, which was two thirds of the cost of
  // opening a value (15 to 4-5 µs here; the ACH file opens one per entry, decision 070).
  const secretKey = createSecretKey(Buffer.from(key));
  return {
    seal: (plaintext, associatedData) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return [FORMAT, iv.toString('base64url'), body.toString('base64url')].join(':');
    },
    open: (sealed, associatedData) => {
      const [format, ivText, bodyText, ...rest] = sealed.split(':');
      if (format !== FORMAT || ivText === undefined || bodyText === undefined || rest.length > 0) {
        throw new SecretBoxError('The value is not a sealed secret.');
      }
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES)
        throw new SecretBoxError('The sealed secret is malformed.');
      const decipher = createDecipheriv('aes-256-gcm', secretKey, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretBoxError(
          'The sealed secret does not open with this key: it was changed, moved, or sealed with another key.',
        );
      }
    },
  };
}

// Stored values written before sealing existed have no format prefix.
export function isSealed(value: string): boolean {
  return value.startsWith(`${FORMAT}:`);
}

// For buildApp without a key (benchmarks, tests that never touch a secret): any use fails loudly
// rather than sealing with a key that would be lost.
export const missingSecretBox: SecretBox = {
  seal: () => {
    throw new SecretBoxError('No secrets key is configured (SECRETS_KEY).');
  },
  open: () => {
    throw new SecretBoxError('No secrets key is configured (SECRETS_KEY).');
  },
};
