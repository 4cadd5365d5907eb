import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeWorkFolder, ownFolderName, sweepWorkFolders } from '../../functions/lib/work-folders.js';
import { threadedWorker } from '../../infra/local/worker-threads.js';

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

    expect(await sweepWorkFolders(root, String(previousLife))).toBe(2);
    expect((await readdir(root)).sort()).toEqual([String(running), 'not-a-pid'].sort());
    expect(existsSync(path.join(root, String(running), 'statement-run-abc'))).toBe(true);
  });

  it('keeps the folders of the other threads of a running process, and its own thread’s from a previous life goes', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'work-folders-test-'));
    const running = process.ppid;
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
    const names = [`${running}`, `${running}-thread-3`, `${running}-thread-5`, `${gone}-thread-2`];
    for (const name of names) await mkdir(path.join(root, name, 'royalty-part-abc'), { recursive: true });

    // Thread 5's first sweep: its own name is a previous life's, the gone process's thread folder goes too.
    expect(await sweepWorkFolders(root, ownFolderName(running, 5))).toBe(2);
    expect((await readdir(root)).sort()).toEqual([`${running}`, `${running}-thread-3`].sort());
    // The process's own first sweep leaves its threads' folders.
    expect(await sweepWorkFolders(root, ownFolderName(running))).toBe(1);
    expect(await readdir(root)).toEqual([`${running}-thread-3`]);
  });

  it('a worker thread’s first work folder leaves the folder its process is working in', async () => {
    const working = await makeWorkFolder('main-work-');
    await writeFile(path.join(working, 'part.csv'), 'a,b\n');
    const worker = threadedWorker('test/support/work-folder-thread-handler.ts', 1);
    try {
      const { folder } = (await worker.handler({ Records: [] }, {} as never, () => undefined)) as unknown as {
        folder: string;
      };
      expect(existsSync(path.join(working, 'part.csv'))).toBe(true);
      expect(path.basename(path.dirname(folder))).toMatch(new RegExp(`^${process.pid}-thread-\\d+$`));
      await rm(folder, { recursive: true, force: true });
    } finally {
      await worker.stop();
      await rm(working, { recursive: true, force: true });
    }
  }, 30_000);

  it('finds nothing to do when no process has made a folder yet', async () => {
    expect(await sweepWorkFolders(path.join(os.tmpdir(), `no-such-root-${process.pid}`))).toBe(0);
  });
});
