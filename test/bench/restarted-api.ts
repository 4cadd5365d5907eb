/**
 * The bench's side of a restarted API process (api-process.ts): starts it as its own node
 * process against a running local cloud, reads its memory from /proc, and ends it.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';

const ENTRY = path.join(import.meta.dirname, 'api-process.ts');
const ROOT = path.resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;
/** How long the API process may take to listen (importing every handler through tsx) before the bench gives up. */
const START_TIMEOUT_MS = 120_000;

export type ApiProcess = { url: string; pid: number; stop: () => Promise<void> };

/**
 * Starts the API-only process with the cloud's environment and resolves once it prints
 * `listening <port>`. Its other output goes to stderr, prefixed; refused (and the process ended)
 * if it exits or has not listened within START_TIMEOUT_MS.
 */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  // node itself (not the tsx binary, which would start node as a second process): the pid is the API's.
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    // `--import tsx` is resolved from the working directory: the repository's node_modules.
    cwd: ROOT,
    // As npm start runs: enough libuv threads that queries under way do not hold up the answers (docs/local-cloud.md).
    env: { ...process.env, UV_THREADPOOL_SIZE: '32', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
  };
  return new Promise<ApiProcess>((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      reject(new Error(`the API process did not listen within ${START_TIMEOUT_MS / 1000} s`));
      void stop();
    }, START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const port = /^listening (\d+)$/.exec(line)?.[1];
      if (!ready && port && child.pid) {
        ready = true;
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, pid: child.pid, stop });
      } else process.stderr.write(`[api] ${line}\n`);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`the API process exited before listening (${signal ?? `code ${code}`})`));
    });
  });
}

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), in MB of 1024 × 1024 bytes. */
export async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => {
    const value = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1];
    if (value === undefined) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(value);
  };
  return { rssMb: (kB('VmRSS') * 1024) / MB, peakMb: (kB('VmHWM') * 1024) / MB };
}
