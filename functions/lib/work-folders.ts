import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, threadId } from 'node:worker_threads';
import { madeOnce } from './made-once.js';

/**
 * Temporary work folders (an import's files, a statement run's material, DuckDB's spill) live under one
 * folder per process: `<tmp>/label-platform-work/<pid>/`, or `<pid>-thread-<n>/` for a worker thread. A process
 * that is killed cannot remove its own, so the first time a process (or thread) needs one it removes every folder
 * left by a process that is gone, before it makes its own. "Gone" also takes in its own folder's name: a folder
 * under this name before this process or thread made one is a previous life's (Lambda reuses a sandbox, and its
 * /tmp, after a crash, often under the same pid).
 *
 * Threads have folders of their own because they share their process's pid: the local cloud runs the statement
 * worker in threads beside the other workers (infra/local/worker-threads.ts), and a thread that took its process's
 * folder for a previous life's removed the import files the process's other workers were reading at that moment.
 * A thread's folder is never "gone" while its process runs (thread numbers are not reused within a process); the
 * process's next life, under another pid, sweeps it.
 */
const ROOT = path.join(os.tmpdir(), 'label-platform-work');

/** This process's (or worker thread's) folder name under the root. */
export const ownFolderName = (pid = process.pid, thread: number | undefined = isMainThread ? undefined : threadId) =>
  thread === undefined ? String(pid) : `${pid}-thread-${thread}`;

/** The pid a folder name belongs to (`<pid>` or `<pid>-thread-<n>`); undefined for any other name. */
const pidOf = (name: string): number | undefined => {
  const match = /^(\d+)(?:-thread-\d+)?$/.exec(name);
  const pid = Number(match?.[1]);
  return match && pid > 0 ? pid : undefined;
};

/** Whether a process runs under `pid` (one of another user counts: it may not be signalled, but it is there). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of processes that are gone, and `ownName` (this process's or thread's from a previous
 * life); answers how many. Another live thread's folder of a running process, this one's included, is kept.
 */
export async function sweepWorkFolders(root = ROOT, ownName = ownFolderName()): Promise<number> {
  const entries = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of entries) {
    const pid = pidOf(name);
    if (pid === undefined) continue;
    if (name !== ownName && isRunning(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** This process's (or thread's) folder, made after the folders of gone processes were removed (once each). */
const processWorkFolder = madeOnce(async () => {
  await sweepWorkFolders();
  const folder = path.join(ROOT, ownFolderName());
  await mkdir(folder, { recursive: true });
  return folder;
});

/** A new empty folder for one piece of work, named from `prefix`; the caller removes it when the work ends. */
export async function makeWorkFolder(prefix: string): Promise<string> {
  return mkdtemp(path.join(await processWorkFolder(), prefix));
}
