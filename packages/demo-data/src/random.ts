// A small seeded random number generator (sfc32), so that the same seed always yields the same
// demo data. Math.random() is never used for generated values.

export type Random = {
  // A float in [0, 1).
  next: () => number;
  // An integer in [min, max], both ends included.
  int: (min: number, max: number) => number;
  // True with the given probability.
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  // Picks by weight: [[value, weight], ...].
  weighted: <T>(choices: ReadonlyArray<readonly [T, number]>) => T;
  // A string of `length` characters drawn from `alphabet`.
  chars: (alphabet: string, length: number) => string;
  digits: (length: number) => string;
};

// Mixes two integers into a well-spread 32-bit seed (murmur3's finaliser), so that streams derived
// from (seed, 1) and (seed, 2) do not look alike.
export function mixSeed(seed: number, salt: number): number {
  let h = (seed ^ Math.imul(salt + 0x9e3779b9, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// A stream of its own for one purpose and record (the auto-response of ticket 12, the changes to
// loan 40's payments): what is drawn from it leaves the customer's stream, and so everything else
// generated for them, as it was.
export function createSideRandom(seed: number, purpose: number, id: number): Random {
  return createRandom(mixSeed(mixSeed(seed, purpose), id));
}

export function createRandom(seed: number): Random {
  let a = mixSeed(seed, 1);
  let b = mixSeed(seed, 2);
  let c = mixSeed(seed, 3);
  let d = mixSeed(seed, 4);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still show the seed; throw a few away.
  for (let index = 0; index < 12; index += 1) next();

  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick: empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(choices: ReadonlyArray<readonly [T, number]>): T => {
      let total = 0;
      for (const [, weight] of choices) total += weight;
      let roll = next() * total;
      for (const [value, weight] of choices) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = choices[choices.length - 1];
      if (!last) throw new Error('weighted: empty list');
      return last[0];
    },
    chars: (alphabet, length) => {
      let out = '';
      for (let index = 0; index < length; index += 1) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    digits: (length) => {
      let out = '';
      for (let index = 0; index < length; index += 1) out += Math.floor(next() * 10);
      return out;
    },
  };
}
