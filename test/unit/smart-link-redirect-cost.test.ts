import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SmartLinkItem } from '../../functions/data/entities/smart-link.js';

/**
 * What keeps a smart link redirect cheap without losing a click or a change: the link read from memory for a few
 * seconds, and the clicks of that second written together. The table is a stand-in here: what the redirect reads
 * and what the click writes add up are the point.
 */
const table = vi.hoisted(() => ({
  links: new Map<string, unknown>(),
  reads: 0,
  writes: [] as { day: string; counts: Map<string, number> }[],
  /** Holds the next write until released, to see what arrives while a write is on its way. */
  hold: null as Promise<void> | null,
  failNext: '' as string,
}));

vi.mock('../../functions/data/access/smart-links.js', () => ({
  findSmartLinkBySlug: async (slug: string) => {
    table.reads += 1;
    return table.links.get(slug) ?? null;
  },
  addClicks: async (_tenantId: string, _linkId: string, day: string, counts: Map<string, number>) => {
    if (table.hold) await table.hold;
    if (table.failNext) {
      const name = table.failNext;
      table.failNext = '';
      throw Object.assign(new Error('Item size has exceeded the maximum allowed size'), { name });
    }
    table.writes.push({ day, counts: new Map(counts) });
  },
  clickDays: async () => [],
}));

const { linkBySlug, forgetLink } = await import('../../functions/smart-links/link-cache.js');
const { countClickAfterAnswer, flushClicks } = await import('../../functions/smart-links/clicks.js');

const link = (slug: string, url: string) =>
  ({ tenantId: 't1', id: `link-${slug}`, slug, stores: [{ key: 'spotify', name: 'Spotify', url }] }) as SmartLinkItem;
/** Where the cached link sends a fan now. */
const storeAddress = async (slug: string) =>
  ((await linkBySlug(slug))?.stores as { url: string }[] | undefined)?.[0]?.url ?? null;
const click = (store: string, country = 'GB', referrer = 'direct') =>
  ({ store, country, device: 'desktop', referrer }) as const;
/** Every counter over every write so far. */
const written = () => {
  const sums = new Map<string, number>();
  for (const { counts } of table.writes) for (const [name, n] of counts) sums.set(name, (sums.get(name) ?? 0) + n);
  return sums;
};

beforeEach(() => {
  vi.useFakeTimers();
  table.links.clear();
  table.reads = 0;
  table.writes = [];
  table.hold = null;
  table.failNext = '';
});
afterEach(async () => {
  await flushClicks();
  vi.useRealTimers();
});

describe('a smart link read for its redirects', () => {
  it('is read from the table once for a burst of redirects, and again once 5 s have passed', async () => {
    table.links.set('abcd1234', link('abcd1234', 'https://old.example/'));
    await Promise.all(Array.from({ length: 50 }, () => linkBySlug('abcd1234')));
    for (let i = 0; i < 100; i += 1) await linkBySlug('abcd1234');
    expect(table.reads).toBe(1);

    // Another instance changed the link: this one follows once 5 s have passed and the link was read again.
    table.links.set('abcd1234', link('abcd1234', 'https://new.example/'));
    vi.advanceTimersByTime(4_900);
    expect(await storeAddress('abcd1234')).toBe('https://old.example/');
    vi.advanceTimersByTime(200);
    // The redirects of the moment the link is read again are answered at once, from the last read, sharing one read.
    const during = await Promise.all(Array.from({ length: 50 }, () => storeAddress('abcd1234')));
    expect(new Set(during)).toEqual(new Set(['https://old.example/']));
    await vi.advanceTimersByTimeAsync(0);
    expect(await storeAddress('abcd1234')).toBe('https://new.example/');
    expect(table.reads).toBe(2);
  });

  it('does not keep what a read found when the link was changed here while the read was on its way', async () => {
    table.links.set('yzab6789', link('yzab6789', 'https://old.example/'));
    const before = linkBySlug('yzab6789');
    table.links.set('yzab6789', link('yzab6789', 'https://new.example/'));
    forgetLink('yzab6789');
    await before;
    expect(await storeAddress('yzab6789')).toBe('https://new.example/');
  });

  it('follows a change made in this process at once', async () => {
    table.links.set('efgh5678', link('efgh5678', 'https://old.example/'));
    await linkBySlug('efgh5678');
    table.links.set('efgh5678', link('efgh5678', 'https://new.example/'));
    forgetLink('efgh5678');
    expect(await storeAddress('efgh5678')).toBe('https://new.example/');
    table.links.delete('efgh5678');
    forgetLink('efgh5678');
    expect(await linkBySlug('efgh5678')).toBeNull();
  });
});

describe('smart link clicks written after the answer', () => {
  it('writes a second’s clicks of a link in one write, each click counted once by every counter', async () => {
    const fan = link('ijkl9012', 'https://store.example/');
    for (let i = 0; i < 1_000; i += 1)
      countClickAfterAnswer(fan, click(i % 4 ? 'spotify' : 'deezer', i % 2 ? 'GB' : 'US'));
    expect(table.writes).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1_000);
    expect(table.writes).toHaveLength(1);
    expect(Object.fromEntries(written())).toEqual({
      n: 1_000,
      's#spotify': 750,
      's#deezer': 250,
      'c#GB': 500,
      'c#US': 500,
      'd#desktop': 1_000,
      'r#direct': 1_000,
    });
  });

  it('puts clicks that arrive while a write is on its way into the next write, never into both', async () => {
    const fan = link('mnop3456', 'https://store.example/');
    let release = () => {};
    table.hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (let i = 0; i < 10; i += 1) countClickAfterAnswer(fan, click('spotify'));
    await vi.advanceTimersByTimeAsync(1_000);
    for (let i = 0; i < 5; i += 1) countClickAfterAnswer(fan, click('spotify'));
    table.hold = null;
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(table.writes.map((write) => write.counts.get('n'))).toEqual([10, 5]);
    expect(written().get('n')).toBe(15);
  });

  it('writes what is still waiting when the process is stopped, without waiting for the second to pass', async () => {
    const fan = link('qrst7890', 'https://store.example/');
    for (let i = 0; i < 7; i += 1) countClickAfterAnswer(fan, click('spotify'));
    await flushClicks();
    expect(written().get('n')).toBe(7);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(table.writes).toHaveLength(1);
  });

  it('still counts the clicks when the day’s item is full, their referrers as “other”', async () => {
    const fan = link('uvwx2345', 'https://store.example/');
    countClickAfterAnswer(fan, click('spotify', 'GB', 'made-up-1.example'));
    countClickAfterAnswer(fan, click('spotify', 'GB', 'made-up-2.example'));
    table.failNext = 'ValidationException';
    await flushClicks();
    expect(Object.fromEntries(written())).toEqual({
      n: 2,
      's#spotify': 2,
      'c#GB': 2,
      'd#desktop': 2,
      'r#other': 2,
    });
  });
});
