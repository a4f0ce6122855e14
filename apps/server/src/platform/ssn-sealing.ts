import { createHmac } from 'node:crypto';
import { deriveKey, type SecretsKeys } from './derived-key.ts';
import { createSecretBox, isSealed, type SecretBox } from './secret-box.ts';

// Whole SSNs at rest, wherever the Portal keeps one (decision 023): a customer's, a bankruptcy
// notice's debtors'. One set of keys per SECRETS_KEY, made once for every module:
// - the box that seals the nine digits (AES-256-GCM, platform/secret-box.ts); the associated data
//   names the row and field the number belongs to, so a sealed SSN copied elsewhere does not open;
// - the HMAC key of the searchable hash, derived from SECRETS_KEY for this alone (HKDF): one number
//   always gives one hash, and without the key a hash cannot be matched against the billion
//   candidates.

const SSN_HASH_KEY_PURPOSE = 'ssn-hash-v1';
const NINE_DIGITS = /^\d{9}$/;

export type SsnKeys = { box: SecretBox; hashKey: Buffer };

// A key derivation is cheap, but searches and notice reads run often. Keyed by the key, then by the
// retired key the box also opens with (none: NO_PREVIOUS).
const keysBySecretsKey = new WeakMap<Buffer, WeakMap<Buffer, SsnKeys>>();
const NO_PREVIOUS = Buffer.alloc(0);

// `previous`: SECRETS_KEY_PREVIOUS while a new key is rolled out (decision 072). The box opens
// values sealed with either key and seals with `secretsKey`; the hash is always `secretsKey`'s.
export function ssnKeysFor(secretsKey: Buffer, previous: Buffer | null = null): SsnKeys {
  let byPrevious = keysBySecretsKey.get(secretsKey);
  if (!byPrevious) {
    byPrevious = new WeakMap();
    keysBySecretsKey.set(secretsKey, byPrevious);
  }
  const known = byPrevious.get(previous ?? NO_PREVIOUS);
  if (known) return known;
  const keys = {
    box: createSecretBox(secretsKey, previous),
    hashKey: deriveKey(secretsKey, SSN_HASH_KEY_PURPOSE),
  };
  byPrevious.set(previous ?? NO_PREVIOUS, keys);
  return keys;
}

// The app's SSN keys; without SECRETS_KEY, deriveKey answers 503 in its own words.
export function ssnKeysOf(context: SecretsKeys): SsnKeys {
  return ssnKeysFor(context.secretsKey ?? deriveKey(null, SSN_HASH_KEY_PURPOSE), context.previousSecretsKey ?? null);
}

// The app's SSN keys, or null without SECRETS_KEY (for what can still show a masked number).
export function ssnKeysIfConfigured(context: SecretsKeys): SsnKeys | null {
  return context.secretsKey ? ssnKeysFor(context.secretsKey, context.previousSecretsKey ?? null) : null;
}

// The sealed text ('gcm1:...') of the nine digits, bound to `associatedData`.
export function sealSsnDigits(box: SecretBox, digits: string, associatedData: string): string {
  if (!NINE_DIGITS.test(digits)) throw new Error('sealSsnDigits takes the nine digits of an SSN.');
  return box.seal(digits, associatedData);
}

// A stored SSN as it was sealed; a value from before sealing is read as it is. Throws
// SecretBoxError when it does not open (another key, another row or field, a changed value).
export function openStoredSsn(box: SecretBox, stored: string, associatedData: string): string {
  return isSealed(stored) ? box.open(stored, associatedData) : stored;
}

// The keyed hash of the nine digits (customers.ssn_hash, an ACDV request's SSN).
export function ssnHash(keys: SsnKeys, digits: string): string {
  return createHmac('sha256', keys.hashKey).update(digits, 'utf8').digest('hex');
}
