import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepWorkFolders } from '../../functions/lib/work-folders.js';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('work folders left by processes that are gone', () => {
  it('removes a gone process’s folder and this pid’s from a previous life, and keeps a running one’s', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'work-folders-test-'));
    // A process that ran and ended: its pid is free (a pid reused since would only keep a folder longer).
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const running = process.ppid;
    const previousLife = 9_999_990;
    for (const name of [String(gone), String(running), String(previousLife), 'not-a-pid'])
      await mkdir(path.join(root, name, 'statement-run-abc'), { recursive: true });

    expect(await sweepWorkFolders(root, previousLife)).toBe(2);
    expect((await readdir(root)).sort()).toEqual([String(running), 'not-a-pid'].sort());
    expect(existsSync(path.join(root, String(running), 'statement-run-abc'))).toBe(true);
  });

  it('finds nothing to do when no process has made a folder yet', async () => {
    expect(await sweepWorkFolders(path.join(os.tmpdir(), `no-such-root-${process.pid}`))).toBe(0);
  });
});
