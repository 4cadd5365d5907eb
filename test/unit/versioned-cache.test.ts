import { describe, expect, it, vi } from 'vitest';
import { VersionedCache } from '../../functions/lib/versioned-cache.js';

/** The one per-process cache (lib/versioned-cache.ts): each of its rules on its own. */
describe('the versioned cache', () => {
  const numbers = (size: number) => vi.fn(async () => Array.from({ length: size }, (_, i) => i));

  it('answers from memory while the version holds and loads again when it moves', async () => {
    const cache = new VersionedCache<number[]>({ entries: 10 });
    const load = numbers(1);
    const first = await cache.get('k', 'v1', load);
    expect(await cache.get('k', 'v1', load)).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('k', 'v2', load);
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.peek('k')?.version).toBe('v2');
    expect(cache.size().entries).toBe(1);
  });

  it('shares one load among the callers missing the same key and version while it loads', async () => {
    const cache = new VersionedCache<number[]>({ entries: 10 });
    const load = numbers(2);
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', 'v1', load)));
    expect(values.every((value) => value === values[0])).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    // Another version of the same key is another load.
    await Promise.all([cache.get('k', 'v2', load), cache.get('k', 'v2', load)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed load: every caller of that load is refused and the next call loads again', async () => {
    const cache = new VersionedCache<number>({ entries: 10 });
    const failing = vi.fn(async () => {
      throw new Error('not found');
    });
    const shared = [cache.get('k', 'v', failing), cache.get('k', 'v', failing)];
    await expect(shared[0]).rejects.toThrow('not found');
    await expect(shared[1]).rejects.toThrow('not found');
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.size().entries).toBe(0);
    expect(await cache.get('k', 'v', async () => 7)).toBe(7);
  });

  it('drops the least recently used key beyond its number of entries', async () => {
    const cache = new VersionedCache<number[]>({ entries: 2 });
    const evicted: string[] = [];
    const withHook = new VersionedCache<number[]>({ entries: 1, onEvict: (key) => evicted.push(key) });
    await cache.get('a', 'v', numbers(1));
    await cache.get('b', 'v', numbers(1));
    await cache.get('a', 'v', numbers(1)); // a read last: b is now the least recently used
    await cache.get('c', 'v', numbers(1));
    const again = numbers(1);
    await cache.get('a', 'v', again);
    expect(again).not.toHaveBeenCalled();
    const reloaded = numbers(1);
    await cache.get('b', 'v', reloaded);
    expect(reloaded).toHaveBeenCalledTimes(1);
    expect(cache.size().entries).toBe(2);
    await withHook.get('x', 'v', numbers(1));
    await withHook.get('y', 'v', numbers(1));
    expect(evicted).toEqual(['x']);
  });

  it('drops the least recently used keys beyond its weight, but keeps the key just loaded', async () => {
    const cache = new VersionedCache<number[]>({ entries: 10, weight: 10, weigh: (value) => value.length });
    await cache.get('a', 'v', numbers(4));
    await cache.get('b', 'v', numbers(4));
    expect(cache.size()).toEqual({ entries: 2, weight: 8 });
    await cache.get('c', 'v', numbers(4));
    expect(cache.size()).toEqual({ entries: 2, weight: 8 });
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('huge', 'v', numbers(50));
    expect(cache.size()).toEqual({ entries: 1, weight: 50 });
  });

  it('loads a value again once it is older than its maximum age, whatever its version', async () => {
    const cache = new VersionedCache<number[]>({ entries: 10, maxAgeMs: 1000 });
    const load = numbers(1);
    await cache.get('k', 'v1', load);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2000);
      await cache.get('k', 'v1', load);
    } finally {
      vi.useRealTimers();
    }
    expect(load).toHaveBeenCalledTimes(2);
  });
});
