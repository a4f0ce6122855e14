import { unsealedBankNumbers, type SealBankNumbers, type SealedBankNumbers } from '@portal/db/seed';
import { isSealed, type SecretBox } from '../../platform/secret-box.ts';
import type { CustomersDeps } from './deps.ts';
import { ssnKeysFor, ssnKeysIfConfigured, ssnKeysOf } from '../../platform/ssn-sealing.ts';

// Bank accounts' routing and account numbers at rest (issue 41, decision 070), as SSNs are
// (decision 023). Two columns, never the plain numbers:
// - numbers_sealed: `<routing>:<account>` sealed with the box of SECRETS_KEY (AES-256-GCM, the
//   SSNs' box: one key, and the associated data `bank_account:<id>:numbers` keeps an SSN from
//   opening as bank numbers and a sealed value copied to another account from opening at all);
// - account_last4: what screens show of the account.
// Both numbers are sealed together, so the ACH file opens one value per entry. No hash is kept:
// nothing looks an account up by its number (a return is tied to its entry by trace number).

export type BankNumbers = { routing: string; account: string };

// The associated data of a bank account's sealed numbers.
export function bankNumbersSealContext(bankAccountId: number): string {
  return `bank_account:${bankAccountId}:numbers`;
}

// What is stored of a bank account's numbers.
export function sealBankNumbers(box: SecretBox, bankAccountId: number, numbers: BankNumbers): SealedBankNumbers {
  const plain = unsealedBankNumbers(numbers);
  return { sealed: box.seal(plain.sealed, bankNumbersSealContext(bankAccountId)), last4: plain.last4 };
}

// The stored numbers as they were sealed. A value from before sealing (migration 0041, sealed at
// the next start) is read as it is. Throws SecretBoxError when it does not open (another key,
// another account, a changed value).
export function openBankNumbers(box: SecretBox, bankAccountId: number, stored: string): BankNumbers {
  return parsePlain(isSealed(stored) ? box.open(stored, bankNumbersSealContext(bankAccountId)) : stored);
}

function parsePlain(text: string): BankNumbers {
  const colon = text.indexOf(':');
  return colon < 0 ? { routing: '', account: text } : { routing: text.slice(0, colon), account: text.slice(colon + 1) };
}

// The box that opens bank numbers; without SECRETS_KEY, deriveKey answers 503 in its own words.
export function bankNumbersBoxOf(context: Pick<CustomersDeps, 'secretsKey'>): SecretBox {
  return ssnKeysOf(context).box;
}

// The box, or null without SECRETS_KEY (for what can still show the last four digits).
export function bankNumbersBoxIfConfigured(context: Pick<CustomersDeps, 'secretsKey'>): SecretBox | null {
  return ssnKeysIfConfigured(context)?.box ?? null;
}

// A bank account's routing number for a screen: null when it cannot be read here (no SECRETS_KEY,
// or a value another key sealed), so the screen still shows the account by its last four digits.
export function readableRouting(box: SecretBox | null, bankAccountId: number, stored: string): string | null {
  if (!isSealed(stored)) return parsePlain(stored).routing;
  if (!box) return null;
  try {
    return openBankNumbers(box, bankAccountId, stored).routing;
  } catch {
    return null;
  }
}

// The seed's sealer (the dev start's demo data, npm run db:seed): the bank accounts it makes are
// sealed with the key the server opens them with.
export function createBankNumbersSealer(secretsKey: Buffer): SealBankNumbers {
  const { box } = ssnKeysFor(secretsKey);
  return (bankAccountId, numbers) => sealBankNumbers(box, bankAccountId, numbers);
}
