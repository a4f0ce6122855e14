import { SecretBoxError, isSealed } from './secret-box.ts';
import { sealInBatches } from './seal-in-batches.ts';
import { ssnKeysFor, type SsnKeys } from './ssn-sealing.ts';

// Moving what SECRETS_KEY seals and hashes to a new key (npm run reseal, decision 072): the keys of
// the key being retired (`from`, SECRETS_KEY_PREVIOUS) and of the new one (`to`, SECRETS_KEY). Each
// owner module re-seals its own columns with these; a value is written again only under `to`.
export type Rekey = { from: SsnKeys; to: SsnKeys };

export function rekeyBetween(previous: Buffer, current: Buffer): Rekey {
  if (previous.equals(current)) throw new Error('SECRETS_KEY_PREVIOUS is SECRETS_KEY: there is nothing to re-seal.');
  return { from: ssnKeysFor(previous), to: ssnKeysFor(current) };
}

// The plain text of a stored value that must be sealed again under the new key, or null when it
// already opens with the new key (so a run stopped half-way is simply run again). A value stored
// before sealing existed is its own plain text. Throws SecretBoxError when it opens with neither
// key: it is left as it is and reported, never guessed at.
export function plainToReseal(rekey: Rekey, stored: string, associatedData: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    rekey.to.box.open(stored, associatedData);
    return null;
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
  }
  return rekey.from.box.open(stored, associatedData);
}

// What re-keying one kind of value did: how many rows were written under the new key, and the ids
// of rows whose value opens with neither key (left as they were).
export type RekeyCount = { resealed: number; unreadable: number[]; seconds: number };

// Every row of a table, in batches by id (platform/seal-in-batches.ts): `reseal` answers a row's
// replacement, or null when it needs none; `replace` writes a batch, each row only if it still holds
// the value read (a row changed meanwhile was sealed under the new key by the Portal itself).
export async function rekeyInBatches<Row extends { id: number }, Replacement>(steps: {
  find: (afterId: number) => Promise<Row[]>;
  reseal: (row: Row) => Replacement | null;
  replace: (replacements: Replacement[]) => Promise<number>;
}): Promise<RekeyCount> {
  const unreadable: number[] = [];
  const { sealed, seconds } = await sealInBatches<Row, Replacement | null>({
    find: steps.find,
    seal: (row) => {
      try {
        return steps.reseal(row);
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        unreadable.push(row.id);
        return null;
      }
    },
    replace: (replacements) => {
      const written = replacements.filter((replacement): replacement is Replacement => replacement !== null);
      return written.length === 0 ? Promise.resolve(0) : steps.replace(written);
    },
  });
  return { resealed: sealed, unreadable, seconds };
}
