import type { Clock } from './clock.ts';

export type ExpiringValue<T> = {
  // The value stored under key; see createExpiringValue for when it is reloaded.
  get: (key: string, load: () => Promise<T>) => Promise<T>;
  // Forgets the value: the next get waits for a fresh one (after a change made in this process).
  clear: () => void;
};

type Entry<T> = { key: string; loadedAt: number; value: T };

// A per-process memo for numbers that may be a few seconds old (the queue badge). Within ttlMs the
// stored value is answered. Past it, the old value is still answered while one load refreshes it in
// the background, so no request waits for the refresh; only a first call, a new key or a clear()
// waits. Concurrent waiting callers share one load.
export function createExpiringValue<T>(ttlMs: number, clock: Clock): ExpiringValue<T> {
  let entry: Entry<T> | null = null;
  let loading: { key: string; promise: Promise<T> } | null = null;
  // Bumped by clear(), so a load that started before a change does not store a pre-change value.
  let generation = 0;

  function startLoad(key: string, load: () => Promise<T>): Promise<T> {
    if (loading?.key === key) return loading.promise;
    const startedAt = clock.now().getTime();
    const startedIn = generation;
    const promise = load();
    const current = { key, promise };
    loading = current;
    promise.then(
      (value) => {
        if (startedIn === generation) entry = { key, loadedAt: startedAt, value };
        if (loading === current) loading = null;
      },
      () => {
        if (loading === current) loading = null;
      },
    );
    return promise;
  }

  return {
    get: (key, load) => {
      if (entry?.key === key) {
        const age = clock.now().getTime() - entry.loadedAt;
        if (age >= ttlMs) {
          // A failed background refresh is retried by the next call; the old value still answers.
          startLoad(key, load).catch(() => undefined);
        }
        return Promise.resolve(entry.value);
      }
      return startLoad(key, load);
    },
    clear: () => {
      generation += 1;
      entry = null;
      loading = null;
    },
  };
}
