import { ssnLast4 } from '@portal/contracts';
import type { SealedSsn, SealSsn } from '@portal/db/seed';
import type { CustomersDeps } from './deps.ts';
import type { SecretsKeys } from '../../platform/derived-key.ts';
import {
  openStoredSsn,
  sealSsnDigits,
  ssnHash,
  ssnKeysFor,
  ssnKeysOf,
  type SsnKeys,
} from '../../platform/ssn-sealing.ts';

// Customers' SSNs at rest (decision 023). Three columns, never the plain number:
// - ssn_sealed: the nine digits sealed with the app's SSN keys (platform/ssn-sealing.ts), bound to
//   the customer (associated data `customer:<id>:ssn`), so a sealed SSN copied to another customer
//   does not open;
// - ssn_hash: the keyed hash of the nine digits (platform/ssn-sealing.ts), so an index finds a
//   customer by the whole SSN;
// - ssn_last4: what every screen shows ('***-**-6789').

// The associated data of a customer's sealed SSN.
export function ssnSealContext(customerId: number): string {
  return `customer:${customerId}:ssn`;
}

// What is stored of a customer's SSN (the nine digits).
export function sealSsn(keys: SsnKeys, customerId: number, digits: string): SealedSsn {
  return {
    sealed: sealSsnDigits(keys.box, digits, ssnSealContext(customerId)),
    hash: ssnHash(keys, digits),
    last4: ssnLast4(digits),
  };
}

// The stored SSN as it was sealed (the nine digits). A value from before sealing (migration 0011,
// sealed at the next start) is read as it is. Throws SecretBoxError when it does not open.
export function openSsn(keys: SsnKeys, customerId: number, stored: string): string {
  return openStoredSsn(keys.box, stored, ssnSealContext(customerId));
}

// The seed's sealer (prepareDatabase, npm run db:seed): the customers it makes get their SSN sealed
// with the key the server opens them with.
export function createSsnSealer(secretsKey: Buffer): SealSsn {
  const keys = ssnKeysFor(secretsKey);
  return (customerId, digits) => sealSsn(keys, customerId, digits);
}

// The keyed hash of an SSN from elsewhere (an ACDV request), to store beside it. Comparing digits
// from outside with customers' SSNs is the SSN door's alone (ssn-search.ts, compareSsns).
export function ssnHashOf(context: Pick<CustomersDeps, 'secretsKey'>, digits: string): string {
  return ssnHash(ssnKeysOf(context), digits);
}

// The hashes a stored SSN of these digits may have: SECRETS_KEY's, and while a new key is rolled out
// (decision 072) SECRETS_KEY_PREVIOUS's, which customers not yet moved by npm run reseal still
// carry. For comparing, never for storing (that is ssnHashOf's).
export function ssnHashesOf(context: SecretsKeys, digits: string): string[] {
  const current = ssnHashOf(context, digits);
  return context.previousSecretsKey ? [current, ssnHash(ssnKeysFor(context.previousSecretsKey), digits)] : [current];
}

// A customer's whole SSN, for what must carry it (a Metro 2 record to the credit bureaus); null
// when none is stored.
export function openCustomerSsn(
  context: Pick<CustomersDeps, 'secretsKey'>,
  customerId: number,
  stored: string | null,
): string | null {
  return stored ? openSsn(ssnKeysOf(context), customerId, stored) : null;
}
