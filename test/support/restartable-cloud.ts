import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject, vi } from 'vitest';
import { freeCloudPorts, waitForPort } from '../../infra/local/processes.js';
import { until } from './wait.js';

const root = path.resolve(import.meta.dirname, '../..');

type Ports = Awaited<ReturnType<typeof freeCloudPorts>>;

/** The cloud's last output kept for the error when it exits: its READY line (the endpoints) fits many times over. */
const OUTPUT_KEPT = 20_000;

/**
 * A local cloud in a process of its own (test/support/cloud-process.ts), for tests that kill it
 * mid-job and start it again on the same state and ports, as a crash or a closed terminal on
 * `npm start` would. `start` sets the handlers' environment in this process once it serves (and
 * resolves with it); `kill`
 * kills its whole process group (the emulators too); starting again waits until the killed
 * emulators' ports are free. `env`: extra variables for the cloud process.
 *
 * The test's worker also serves other files (its modules are kept between files), so the harness
 * leaves it as it found it: the process starts with a terminal's variables only (not the shared test
 * cloud's keys and endpoints, nor what other files set), each start gives the test a fresh module graph (SDK
 * clients made for this cloud's ports), and `remove` puts the shared cloud's variables back and
 * drops the modules bound to the killed cloud.
 */
export function restartableCloud(name: string, env: Record<string, string> = {}) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), `label-platform-${name}-`));
  let child: ChildProcess | undefined;
  let ports: Ports | undefined;
  const sharedCloud = inject('cloudEnv');
  const given = new Set<string>();

  async function start(): Promise<Record<string, string>> {
    if (ports) for (const port of Object.values(ports)) await waitForFree(port);
    else ports = await freeCloudPorts();
    const started = spawn(path.join(root, 'node_modules/.bin/tsx'), ['test/support/cloud-process.ts'], {
      cwd: root,
      // Its own process group: killing the group kills the emulators it started too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...freshTerminal(process.env),
        // A cloud that lives for one file: DynamoDB Local with Java's quick compiler (infra/local/dynamodb.ts).
        DYNAMODB_QUICK_START: '1',
        ...env,
        CLOUD_STATE_DIR: stateDir,
        CLOUD_PORTS: JSON.stringify(ports),
      },
    });
    child = started;
    let output = '';
    let ready = false;
    /** What the cloud printed, its last OUTPUT_KEPT characters: enough to say why it exited, never the whole run's log. */
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
    };
    return new Promise((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        keep(chunk);
        // Once: the cloud goes on printing after READY, and each later chunk must not give the test a fresh module
        // graph again (it did, about a dozen times in a restart file, each a whole reload of the product's modules).
        if (ready) return;
        const line = /^READY (.+)\n/m.exec(output);
        if (!line) return;
        ready = true;
        const cloudEnv: Record<string, string> = JSON.parse(line[1]);
        for (const key of Object.keys(cloudEnv)) given.add(key);
        Object.assign(process.env, cloudEnv);
        vi.resetModules();
        resolve(cloudEnv);
      });
      started.stderr?.on('data', keep);
      started.once('exit', (code) => reject(new Error(`the cloud process exited (${code}):\n${output.slice(-3000)}`)));
    });
  }

  async function kill(): Promise<void> {
    const running = child;
    if (!running?.pid) return;
    const gone = running.exitCode !== null || running.signalCode !== null;
    const exited = gone ? Promise.resolve() : new Promise((resolve) => running.once('exit', resolve));
    try {
      // The group, even when the launcher is gone already: what it started may still be in it.
      process.kill(-running.pid, 'SIGKILL');
    } catch {
      // Nothing left in the group.
    }
    await exited;
    child = undefined;
  }

  /** Kills it and removes its state (for afterAll). */
  async function remove(): Promise<void> {
    await kill();
    rmSync(stateDir, { recursive: true, force: true });
    for (const key of given) delete process.env[key];
    Object.assign(process.env, sharedCloud);
    vi.resetModules();
  }

  /** The process the test started (tsx's launcher; the cloud runs in its child), while it runs. */
  const launcher = () => child?.pid;

  return { start, kill, remove, launcher };
}

/**
 * The variables a terminal would give `npm start`, and nothing a test file set in this worker
 * (unit and integration files share workers, and one left state the cloud then tripped on).
 */
const TERMINAL_KEYS = ['PATH', 'HOME', 'USER', 'SHELL', 'LANG', 'LC_ALL', 'TMPDIR', 'TEMP', 'TMP', 'JAVA_HOME'];
function freshTerminal(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(TERMINAL_KEYS.flatMap((key) => (env[key] === undefined ? [] : [[key, env[key]]])));
}

/** Waits until nothing listens on the port any more (a killed emulator has let it go). */
async function waitForFree(port: number): Promise<void> {
  await until(async () => {
    const busy = await waitForPort(port, 'a killed emulator', 200).then(
      () => true,
      () => false,
    );
    return busy ? undefined : true;
  }, 30_000);
}
