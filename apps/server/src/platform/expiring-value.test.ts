import { describe, expect, it } from 'vitest';
import { createManualClock } from '../testing/test-app.ts';
import { createExpiringValue } from './expiring-value.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createExpiringValue', () => {
  it('loads once for concurrent first callers, then answers the stored value within the time limit', async () => {
    const clock = createManualClock();
    const cache = createExpiringValue<number>(5000, clock);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return loads;
    };
    expect(await Promise.all([cache.get('d', load), cache.get('d', load)])).toEqual([1, 1]);
    clock.advance(4999);
    expect(await cache.get('d', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('past the limit answers the old value at once and refreshes it in the background, once', async () => {
    const clock = createManualClock();
    const cache = createExpiringValue<number>(5000, clock);
    await cache.get('d', async () => 1);
    clock.advance(5000);
    const refresh = deferred<number>();
    let refreshes = 0;
    const slowLoad = () => {
      refreshes += 1;
      return refresh.promise;
    };
    expect(await cache.get('d', slowLoad)).toBe(1);
    expect(await cache.get('d', slowLoad)).toBe(1);
    expect(refreshes).toBe(1);
    refresh.resolve(2);
    await refresh.promise;
    expect(await cache.get('d', slowLoad)).toBe(2);
  });

  it('keeps the old value when a refresh fails, and tries again on the next call', async () => {
    const clock = createManualClock();
    const cache = createExpiringValue<number>(5000, clock);
    await cache.get('d', async () => 1);
    clock.advance(6000);
    const failing = deferred<number>();
    expect(await cache.get('d', () => failing.promise)).toBe(1);
    failing.reject(new Error('database away'));
    await failing.promise.catch(() => undefined);
    expect(await cache.get('d', async () => 3)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('d', async () => 4)).toBe(3);
  });

  it('waits for a fresh value after clear(), and drops a load that began before it', async () => {
    const clock = createManualClock();
    const cache = createExpiringValue<number>(5000, clock);
    const early = deferred<number>();
    const pending = cache.get('d', () => early.promise);
    cache.clear();
    expect(await cache.get('d', async () => 7)).toBe(7);
    early.resolve(1);
    expect(await pending).toBe(1);
    expect(await cache.get('d', async () => 9)).toBe(7);
  });

  it('loads afresh for a new key (a new business day)', async () => {
    const cache = createExpiringValue<string>(5000, createManualClock());
    expect(await cache.get('2026-11-21', async () => 'today')).toBe('today');
    expect(await cache.get('2026-11-22', async () => 'tomorrow')).toBe('tomorrow');
  });
});
