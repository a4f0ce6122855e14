// Identical reads in flight share one answer (request coalescing): while a reading for a key runs,
// another request for the same key waits for it instead of starting its own. Nothing is kept once it
// settles, so an answer is never older than the one reading it shares: a request that comes after
// a change, and after the reading then in flight, gets a reading of its own. For a list many staff
// poll at once (GET deadlines: twenty employees of one desk ask the same page), the database counts
// once for all of them.
export type SharedReading<T> = (key: string, read: () => Promise<T>) => Promise<T>;

export function sharedReading<T>(): SharedReading<T> {
  const running = new Map<string, Promise<T>>();
  return (key, read) => {
    const waiting = running.get(key);
    if (waiting) return waiting;
    const reading = read().finally(() => running.delete(key));
    running.set(key, reading);
    return reading;
  };
}
