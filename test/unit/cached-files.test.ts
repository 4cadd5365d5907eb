import { randomUUID } from 'node:crypto';
import { rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_CACHE_DIR } from '../../functions/royalties/ledger/cache-dir.js';
import { findOrWriteFile, foundFile } from '../../functions/royalties/ledger/cached-files.js';

/**
 * The ledger's derived files (the royalties list's rollup, the split of its label share) are named by the state
 * they were made from; writing a newer state's file removes the older ones a minute later. A removal planned
 * when one state's file was written must never take a newer state's file, which requests read now: a list once
 * answered "Something went wrong" because the file it had just found was gone.
 */
const KIND = 'test-derived';
const tenant = `T${randomUUID().replace(/-/g, '')}`;
const write = (partial: string) => writeFile(partial, 'parquet').then(() => true);
const there = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
/**
 * Sets a file's time `seconds` back, as if written then: only setTimeout is faked (the files' times are the
 * kernel's), so files written one after another here are milliseconds apart unless put back.
 */
const writtenAgo = (file: string, seconds: number) => {
  const then = new Date(Date.now() - seconds * 1000);
  return utimes(file, then, then);
};
/** Lets the removal's file reads and deletions (real ones, behind a faked timer) finish: 100 ms of real time. */
const settle = async () => {
  const until = performance.now() + 100;
  while (performance.now() < until) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * What `read` says once the removal's real file work has had its time: read again (up to 5 s of real time, for a
 * loaded machine) until it says `want`. For a file that must go; one that must stay is read after `settle`.
 */
const settledTo = async (read: () => Promise<boolean[]>, want: boolean[]) => {
  const until = performance.now() + 5000;
  let got = await read();
  while (JSON.stringify(got) !== JSON.stringify(want) && performance.now() < until) {
    await new Promise((resolve) => setImmediate(resolve));
    got = await read();
  }
  return got;
};

afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await rm(path.join(LEDGER_CACHE_DIR, KIND), { recursive: true, force: true });
});

describe('derived ledger files', () => {
  it('removes only the files older than the one written, and keeps a newer one and one found again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const a = await findOrWriteFile(KIND, tenant, 'state A', write);
    await writtenAgo(a!, 20);
    await vi.advanceTimersByTimeAsync(10_000);
    const b = await findOrWriteFile(KIND, tenant, 'state B', write);
    await writtenAgo(b!, 10);
    await vi.advanceTimersByTimeAsync(10_000);
    const c = await findOrWriteFile(KIND, tenant, 'state C', write);
    expect([a, b, c].every((f) => typeof f === 'string')).toBe(true);

    // B's removal falls due: it takes A, which was there before B, and not C, written after it.
    await vi.advanceTimersByTimeAsync(50_000);
    const afterB = () => Promise.all([there(a!), there(b!), there(c!)]);
    expect(await settledTo(afterB, [false, true, true])).toEqual([false, true, true]);
    await settle();
    expect(await afterB()).toEqual([false, true, true]);

    // B is found again (a request on state B): C's removal, which would take B as older than C, passes over it.
    expect(await foundFile(KIND, tenant, 'state B')).toBe(b);
    await vi.advanceTimersByTimeAsync(60_000);
    await settle();
    expect([await there(b!), await there(c!)]).toEqual([true, true]);
  });

  it('keeps a newer state’s file written while an older state’s slower write ran', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const other = `${tenant}race`;
    const old = await findOrWriteFile(KIND, other, 'state 1', write);
    await writtenAgo(old!, 30);
    // State 2's write begins and is held; state 3's is written and finished meanwhile; then state 2's ends.
    let finish = () => {};
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const slow = findOrWriteFile(KIND, other, 'state 2', (partial) => held.then(() => write(partial)));
    const newer = await findOrWriteFile(KIND, other, 'state 3', write);
    await new Promise((resolve) => setImmediate(resolve));
    await settle();
    finish();
    const second = await slow;

    // State 2's removal falls due: it takes state 1's file, there before it began, and not state 3's.
    await vi.advanceTimersByTimeAsync(60_000);
    const after2 = () => Promise.all([there(old!), there(second!), there(newer!)]);
    expect(await settledTo(after2, [false, true, true])).toEqual([false, true, true]);
    await settle();
    expect(await after2()).toEqual([false, true, true]);
  });
});
