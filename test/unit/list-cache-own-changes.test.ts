import { describe, expect, it, vi } from 'vitest';

/**
 * A cached list checked at most once a second (reads that name linked records, the plans every call consults) must
 * still show this process's own change to every call after it: a version read that was under way when the change was
 * made may answer the version from before it, and neither that answer nor the read itself may serve later calls.
 */
const table = vi.hoisted(() => ({
  version: 'v1',
  /** Version reads held until the test answers them (each answers the version stored when it was sent). */
  held: [] as (() => void)[],
  holdReads: false,
  reads: 0,
}));
vi.mock('../../functions/data/service.js', () => ({
  getDb: () => ({
    entities: {
      ListVersion: {
        get: () => ({
          go: () => {
            table.reads += 1;
            const answer = { data: { version: table.version } };
            if (!table.holdReads) return Promise.resolve(answer);
            return new Promise((resolve) => table.held.push(() => resolve(answer)));
          },
        }),
        put: (item: { version: string }) => ({
          go: async () => {
            table.version = item.version;
          },
        }),
      },
    },
  }),
}));

const { cachedList, listsChanged, listsChangedAfterWrite, transactionWritten } = await import(
  '../../functions/data/list-cache.js'
);

/** The list as stored: its rows name the version they were loaded at. */
const load = async () => [table.version];
const forLinks = (list: string) => cachedList(list, load, undefined, { recheck: false });

describe("a cached list and this process's own changes", () => {
  it('a version read under way during a change does not stand as the last check for the calls after it', async () => {
    table.holdReads = true;
    const before = forLinks('own-a');
    await vi.waitFor(() => expect(table.held).toHaveLength(1));
    await listsChangedAfterWrite(['own-a']); // this process changed the list while the read was under way
    table.held.shift()?.(); // the read answers the version from before the change
    await before;
    table.holdReads = false;
    const readsBefore = table.reads;
    // Within the second: the call reads the version again (the read under way may have answered the old one).
    expect(await forLinks('own-a')).toEqual([table.version]);
    expect(table.reads).toBe(readsBefore + 1);
    // That read stands: the next call within the second reads nothing.
    await forLinks('own-a');
    expect(table.reads).toBe(readsBefore + 1);
  });

  it('a call after a change does not join a version read begun before it', async () => {
    table.holdReads = false;
    await forLinks('own-b'); // warm
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2_000); // the one-second recheck is due
      table.holdReads = true;
      const before = forLinks('own-b');
      await vi.waitFor(() => expect(table.held).toHaveLength(1));
      const versionBefore = table.version;
      await listsChangedAfterWrite(['own-b']);
      const after = forLinks('own-b');
      await vi.waitFor(() => expect(table.held).toHaveLength(2)); // its own read, not the one under way
      for (const answer of table.held.splice(0)) answer();
      expect(await before).toEqual([versionBefore]);
      expect(await after).toEqual([table.version]);
    } finally {
      vi.useRealTimers();
      table.holdReads = false;
    }
  });

  it("a transaction's change: a version read begun after its items were made does not stand once it is written", async () => {
    table.holdReads = false;
    await forLinks('own-c'); // warm
    // The items are made (listsChanged), then a read begins and answers before the transaction is written.
    const writer = { put: (item: { list: string; version: string }) => ({ commit: () => ({ Put: item }) }) };
    const items = listsChanged(writer, ['own-c']);
    await forLinks('own-c');
    table.version = items[0].Put.version; // the transaction is written
    transactionWritten(items);
    const readsBefore = table.reads;
    expect(await forLinks('own-c')).toEqual([table.version]);
    expect(table.reads).toBe(readsBefore + 1);
  });
});
