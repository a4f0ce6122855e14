import { SecretBoxError, type SecretBox } from './secret-box.ts';

// The start's check that SECRETS_KEY is the key of this database (decision 072): a few stored
// sealed values, each named and with the associated data it opens with. Started with another key
// (a restore on a machine given the wrong one, a rotation with SECRETS_KEY_PREVIOUS left out), the
// Portal would run with every SSN, bank account and MFA secret unreadable: MFA sign-ins failing and
// every debit kept out of the ACH file. It does not start instead.
export type SealedSample = { what: string; sealed: string; associatedData: string };

// Null when nothing is sealed yet or one sample opens (a value that does not open among others that
// do is one damaged value, not the wrong key; its reader says so); else the sentence to stop with.
export function wrongKeySentence(box: SecretBox, samples: readonly SealedSample[]): string | null {
  if (samples.length === 0) return null;
  const opens = (sample: SealedSample) => {
    try {
      box.open(sample.sealed, sample.associatedData);
      return true;
    } catch (error) {
      if (error instanceof SecretBoxError) return false;
      throw error;
    }
  };
  if (samples.some(opens)) return null;
  return `The Portal does not start: SECRETS_KEY opens none of the ${samples.length} sealed values it tried (${samples
    .slice(0, 3)
    .map((sample) => sample.what)
    .join(
      ', ',
    )}${samples.length > 3 ? ', …' : ''}). Start it with the key this database was sealed with; while moving to a new key, set SECRETS_KEY_PREVIOUS to the old one (docs/operations.md, "Key rotation for SECRETS_KEY").`;
}
