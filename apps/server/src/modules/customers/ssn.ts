import { createHmac } from 'node:crypto';
import type { SealedSsn, SealSsn } from '@portal/db/seed';
import type { ServerContext } from '../../context.ts';
import { deriveKey } from '../../platform/derived-key.ts';
import { createSecretBox, isSealed, type SecretBox } from '../../platform/secret-box.ts';
import { findCustomerIdsBySsnHash } from './ssn-repository.ts';

// Customers' SSNs at rest (decision 023). Three columns, never the plain number:
// - ssn_sealed: AES-256-GCM under SECRETS_KEY (platform/secret-box.ts), bound to the customer
//   (associated data `customer:<id>:ssn`), so a sealed SSN copied to another customer does not open;
// - ssn_hash: HMAC-SHA256 of the nine digits under a key derived from SECRETS_KEY for this alone
//   (HKDF, platform/derived-key.ts): one number always gives one hash, so an index finds a customer
//   by the whole SSN, and without the key a hash cannot be matched against the billion candidates;
// - ssn_last4: what every screen shows ('***-**-6789').

const SSN_HASH_KEY_PURPOSE = 'ssn-hash-v1';
const NINE_DIGITS = /^\d{9}$/;

export type SsnKeys = { box: SecretBox; hashKey: Buffer };

// One set of keys per secrets key (a key derivation is cheap, but searches run often).
const keysBySecretsKey = new WeakMap<Buffer, SsnKeys>();

export function createSsnKeys(secretsKey: Buffer): SsnKeys {
  const known = keysBySecretsKey.get(secretsKey);
  if (known) return known;
  const keys = { box: createSecretBox(secretsKey), hashKey: deriveKey(secretsKey, SSN_HASH_KEY_PURPOSE) };
  keysBySecretsKey.set(secretsKey, keys);
  return keys;
}

// The app's SSN keys; without SECRETS_KEY, deriveKey answers 503 in its own words.
export function ssnKeysOf(context: Pick<ServerContext, 'secretsKey'>): SsnKeys {
  return createSsnKeys(context.secretsKey ?? deriveKey(null, SSN_HASH_KEY_PURPOSE));
}

// The associated data of a customer's sealed SSN.
export function ssnSealContext(customerId: number): string {
  return `customer:${customerId}:ssn`;
}

// The nine digits of any SSN as written ('123-45-6789', '123 45 6789'), or null. Looser than the
// shape rules staff input meets (rules/ssn.ts): a search still finds a number stored before them.
export function nineDigits(text: string): string | null {
  const digits = text.replace(/[\s-]/g, '');
  return NINE_DIGITS.test(digits) ? digits : null;
}

export function ssnHash(keys: SsnKeys, digits: string): string {
  return createHmac('sha256', keys.hashKey).update(digits, 'utf8').digest('hex');
}

export function last4(digits: string): string {
  return digits.slice(-4);
}

// What is stored of a customer's SSN (the nine digits).
export function sealSsn(keys: SsnKeys, customerId: number, digits: string): SealedSsn {
  if (!NINE_DIGITS.test(digits)) throw new Error('sealSsn takes the nine digits of an SSN.');
  return {
    sealed: keys.box.seal(digits, ssnSealContext(customerId)),
    hash: ssnHash(keys, digits),
    last4: last4(digits),
  };
}

// The stored SSN as it was sealed (the nine digits). A value from before sealing (migration 0011,
// sealed at the next start) is read as it is. Throws SecretBoxError when it does not open.
export function openSsn(keys: SsnKeys, customerId: number, stored: string): string {
  return isSealed(stored) ? keys.box.open(stored, ssnSealContext(customerId)) : stored;
}

// The seed's sealer (prepareDatabase, npm run db:seed): the customers it makes get their SSN sealed
// with the key the server opens them with.
export function createSsnSealer(secretsKey: Buffer): SealSsn {
  const keys = createSsnKeys(secretsKey);
  return (customerId, digits) => sealSsn(keys, customerId, digits);
}

// The customers whose SSN is this one (any way of writing the nine digits), by the hash's index.
// Not nine digits: nobody. For matching a document the Portal received (a bankruptcy notice); a
// number an employee types goes through searchCustomersBySsn (ssn-search.ts), never here.
export async function findCustomerIdsBySsn(
  context: Pick<ServerContext, 'db' | 'secretsKey'>,
  fullSsn: string,
): Promise<number[]> {
  const digits = nineDigits(fullSsn);
  if (!digits) return [];
  return findCustomerIdsBySsnHash(context.db, ssnHash(ssnKeysOf(context), digits));
}

// The keyed hash of an SSN from elsewhere (an ACDV request), to compare with customers' ssn_hash.
export function ssnHashOf(context: Pick<ServerContext, 'secretsKey'>, digits: string): string {
  return ssnHash(ssnKeysOf(context), digits);
}

// A customer's whole SSN, for what must carry it (a Metro 2 record to the credit bureaus); null
// when none is stored.
export function openCustomerSsn(
  context: Pick<ServerContext, 'secretsKey'>,
  customerId: number,
  stored: string | null,
): string | null {
  return stored ? openSsn(ssnKeysOf(context), customerId, stored) : null;
}
