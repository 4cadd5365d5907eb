import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Temporary work folders (an import's files, a statement run's material, DuckDB's spill) live under one
 * folder per process: `<tmp>/label-platform-work/<pid>/`. A process that is killed cannot remove its
 * own, so the first process to need one removes every folder left by a process that is gone, before it
 * makes its own. "Gone" also takes in its own pid: a folder with the pid of a process that has made none
 * yet is a previous life's (Lambda reuses a sandbox, and its /tmp, after a crash, often under the same pid).
 */
const ROOT = path.join(os.tmpdir(), 'label-platform-work');

/** Whether a process runs under `pid` (one of another user counts: it may not be signalled, but it is there). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders of processes that are gone (and this pid's from a previous life); answers how many. */
export async function sweepWorkFolders(root = ROOT, ownPid = process.pid): Promise<number> {
  const entries = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (pid !== ownPid && isRunning(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

let own: Promise<string> | undefined;

/** This process's folder, made after the folders of gone processes were removed (once per process). */
export function processWorkFolder(): Promise<string> {
  own ??= (async () => {
    await sweepWorkFolders();
    const folder = path.join(ROOT, String(process.pid));
    await mkdir(folder, { recursive: true });
    return folder;
  })();
  return own;
}

/** A new empty folder for one piece of work, named from `prefix`; the caller removes it when the work ends. */
export async function makeWorkFolder(prefix: string): Promise<string> {
  return mkdtemp(path.join(await processWorkFolder(), prefix));
}
