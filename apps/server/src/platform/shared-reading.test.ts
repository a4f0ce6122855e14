import { describe, expect, it } from 'vitest';
import { sharedReading } from './shared-reading.ts';

describe('sharedReading', () => {
  it('answers requests for one key in flight from one reading, and reads again once it settled', async () => {
    const share = sharedReading<number>();
    let reads = 0;
    let finish: (value: number) => void = () => {};
    const read = () => {
      reads += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = share('page-1', read);
    const second = share('page-1', read);
    const other = share('page-2', () => Promise.resolve(7));
    finish(42);
    expect(await Promise.all([first, second, other])).toEqual([42, 42, 7]);
    expect(reads).toBe(1);
    // Settled: the next request reads again (a change since is seen).
    const third = share('page-1', read);
    finish(43);
    expect(await third).toBe(43);
    expect(reads).toBe(2);
  });

  it('shares a failure with the requests waiting on it, and forgets it', async () => {
    const share = sharedReading<number>();
    let reads = 0;
    const failing = () => {
      reads += 1;
      return Promise.reject(new Error('database away'));
    };
    await expect(Promise.all([share('k', failing), share('k', failing)])).rejects.toThrow('database away');
    expect(reads).toBe(1);
    expect(await share('k', () => Promise.resolve(1))).toBe(1);
  });
});
