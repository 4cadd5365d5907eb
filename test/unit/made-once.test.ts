import { describe, expect, it } from 'vitest';
import { madeOnce, madeOnceFor } from '../../functions/lib/made-once.js';

/** A making whose outcomes the test decides, one per call, counting the calls. */
function scripted<T>(...outcomes: (T | Error)[]) {
  const making = {
    calls: 0,
    make: async (): Promise<T> => {
      const outcome = outcomes[making.calls];
      making.calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (outcome instanceof Error) throw outcome;
      return outcome as T;
    },
  };
  return making;
}

describe('a value made once per process', () => {
  it('is made once for callers that come while it is being made and after', async () => {
    const making = scripted('database');
    const get = madeOnce(making.make);
    expect(await Promise.all([get(), get(), get()])).toEqual(['database', 'database', 'database']);
    expect(await get()).toBe('database');
    expect(making.calls).toBe(1);
  });

  it('is made again after a failure, which every caller waiting for that making shares', async () => {
    const making = scripted<string>(new Error('disk full'), 'database');
    const get = madeOnce(making.make);
    const waiting = await Promise.allSettled([get(), get()]);
    expect(waiting.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(making.calls).toBe(1);
    // The next caller does not get the old failure: nothing is wrong any more.
    expect(await get()).toBe('database');
    expect(await get()).toBe('database');
    expect(making.calls).toBe(2);
  });
});

describe('values made once by key', () => {
  it('is made once per key, and again for a key whose making failed', async () => {
    const memo = new Map<string, Promise<string>>();
    const making = scripted<string>('a file', new Error('download cut off'), 'b file');
    const read = (key: string) => madeOnceFor(memo, key, making.make);
    expect(await Promise.all([read('a'), read('a')])).toEqual(['a file', 'a file']);
    await expect(read('b')).rejects.toThrow('download cut off');
    expect(await read('b')).toBe('b file');
    expect(await read('a')).toBe('a file');
    expect(making.calls).toBe(3);
  });

  it('lets the oldest entry go first when a memo with a limit is full', async () => {
    const memo = new Map<string, Promise<string>>();
    for (const key of ['first', 'second', 'third']) await madeOnceFor(memo, key, async () => key, 2);
    expect([...memo.keys()]).toEqual(['second', 'third']);
  });
});
