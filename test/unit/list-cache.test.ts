import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A ListVersion table that counts its reads and answers after a tick, like a network call. */
const versionReads: string[] = [];
let storedVersion = 'v1';
vi.mock('../../functions/data/service.js', () => ({
  getDb: () => ({
    entities: {
      ListVersion: {
        get: ({ list }: { list: string }) => ({
          go: async () => {
            versionReads.push(list);
            await new Promise((resolve) => setTimeout(resolve, 5));
            return { data: { version: storedVersion } };
          },
        }),
      },
    },
  }),
}));

const { cachedList } = await import('../../functions/data/list-cache.js');

describe('cached lists: version checks', () => {
  beforeEach(() => {
    versionReads.length = 0;
    storedVersion = 'v1';
  });

  it('shares one version read among concurrent reads that only name linked records', async () => {
    const load = vi.fn(async () => [{ id: 'a' }]);
    await cachedList('links-a', load); // warm: one read, one load
    versionReads.length = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2_000); // the one-second recheck is due
    try {
      const rows = await Promise.all(
        Array.from({ length: 50 }, () => cachedList('links-a', load, undefined, { recheck: false })),
      );
      expect(rows.every((r) => r[0]?.id === 'a')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect(versionReads).toEqual(['links-a']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads the version for every list a user pages, so a finished write is always seen', async () => {
    const load = vi.fn(async () => [{ id: storedVersion }]);
    await Promise.all(Array.from({ length: 5 }, () => cachedList('paged-b', load)));
    expect(versionReads).toHaveLength(5);
    storedVersion = 'v2';
    expect(await cachedList('paged-b', load)).toEqual([{ id: 'v2' }]);
  });
});
