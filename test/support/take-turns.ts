import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { isRunning } from '../../functions/lib/work-folders.js';

const PAUSE_MS = 200;
/** A turn folder still without its owner after this long was left by a process killed between the two steps. */
const OWNERLESS_MS = 5_000;

/** Takes the turn when nobody holds it, or when its holder's process is gone (a killed worker, an earlier run). */
function tryTake(folder: string): boolean {
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readOwner(folder));
    // A folder with no owner yet is one being taken this instant (wait for it), unless it has stayed so for seconds.
    if (holder ? isRunning(holder) : ageMs(folder) < OWNERLESS_MS) return false;
    rmSync(folder, { recursive: true, force: true });
    return tryTake(folder);
  }
  writeFileSync(path.join(folder, 'owner'), String(process.pid));
  return true;
}

/** Waits until the turn is this process's. */
async function waitForTurn(folder: string): Promise<void> {
  while (!tryTake(folder)) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
}

/** How long ago the folder was made; 0 when it is gone already (its holder just gave the turn back). */
function ageMs(folder: string): number {
  try {
    return Date.now() - statSync(folder).mtimeMs;
  } catch {
    return 0;
  }
}

function readOwner(folder: string): string {
  try {
    return readFileSync(path.join(folder, 'owner'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * Files that share something of the whole platform and would change it under each other (the demo store: its SFTP
 * server and its connections) take turns: each holds the turn from its first hook to its last, while every other file
 * of the run goes on beside it. Call it at the top of the file, before its own hooks. The turn is a folder made with
 * `mkdir` (atomic across the test workers' processes), named after this run's cloud.
 */
export function takeTurns(what: string): void {
  const folder = path.join(os.tmpdir(), `label-platform-turn-${what}-${new URL(inject('cloudUrl')).port}`);
  beforeAll(() => waitForTurn(folder));
  afterAll(() => {
    if (readOwner(folder) === String(process.pid)) rmSync(folder, { recursive: true, force: true });
  });
}

/**
 * Runs `work` while holding a machine-wide turn (a folder in the temp folder made with `mkdir`), so processes that
 * would each do the same one-off work beside each other do it one after another instead.
 */
export async function inTurn<T>(what: string, work: () => Promise<T>): Promise<T> {
  const folder = path.join(os.tmpdir(), `label-platform-turn-${what}`);
  await waitForTurn(folder);
  try {
    return await work();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
