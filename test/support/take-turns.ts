import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';

const PAUSE_MS = 200;

/** Whether the process that took a turn still runs (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the turn when nobody holds it, or when its holder's process is gone (a killed worker, an earlier run). */
function tryTake(folder: string): boolean {
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readOwner(folder));
    // A folder with no owner yet is one being taken this instant: wait for it.
    if (!holder || alive(holder)) return false;
    rmSync(folder, { recursive: true, force: true });
    return tryTake(folder);
  }
  writeFileSync(path.join(folder, 'owner'), String(process.pid));
  return true;
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
  beforeAll(async () => {
    while (!tryTake(folder)) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  });
  afterAll(() => {
    if (readOwner(folder) === String(process.pid)) rmSync(folder, { recursive: true, force: true });
  });
}
