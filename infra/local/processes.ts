import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';

/**
 * How long an emulator may take to open its port. Java and Node start slowly on a busy machine (the tests
 * start them beside the type check, the code rules and the first test files); an emulator that exits is
 * reported at once, so the long wait only costs one that hangs.
 */
export const EMULATOR_START_MS = 180_000;

/** Waits until a TCP port accepts connections, or fails with what the process printed. */
export async function waitForPort(
  port: number,
  what: string,
  timeoutMs = EMULATOR_START_MS,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not open port ${port} within ${timeoutMs / 1000} s`);
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Ports for a local cloud's emulators (tests and benchmarks start theirs on free ports), chosen
 * below Linux's range for outgoing connections (32768–60999): a port from that range can be taken
 * as the local end of any connection between choosing it and listening on it, which a cloud
 * restarted on the same ports met under load (EADDRINUSE).
 */
export async function freeCloudPorts(): Promise<
  Record<'gateway' | 'dynamodb' | 's3' | 'sqs' | 'cognito' | 'sftp', number>
> {
  const taken = new Set<number>();
  const next = async () => {
    const port = await freeListeningPort(taken);
    taken.add(port);
    return port;
  };
  return {
    gateway: await next(),
    dynamodb: await next(),
    s3: await next(),
    sqs: await next(),
    cognito: await next(),
    // The demo store's SFTP server: a cloud started again serves it where the store's settings say.
    sftp: await next(),
  };
}

const LISTENING_PORTS = { from: 20_000, to: 32_000 };

/** A port in LISTENING_PORTS that nothing listens on now and that `taken` does not hold. */
async function freeListeningPort(taken: ReadonlySet<number>): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LISTENING_PORTS.from + Math.floor(Math.random() * (LISTENING_PORTS.to - LISTENING_PORTS.from));
    if (!taken.has(port) && (await canListen(port))) return port;
  }
  return freePort();
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The variable that tells an emulator its stdin is a lifeline: this process holds the pipe's other end and never
 * writes to it, so the emulator reads end-of-file exactly when this process is gone, however it died (SIGKILL
 * included: the kernel closes a dead process's pipes), and then exits. Without it the emulators outlived a killed
 * `npm start` and kept their ports, and the next start failed. cognito-server.cjs and dynamodb-loopback.java watch it.
 */
const LIFELINE_ENV = 'LOCAL_CLOUD_LIFELINE';

/** Starts a child process whose output is kept (shown only when it fails) and which dies with us. */
export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions & { name: string; verbose?: boolean },
): ChildProcess {
  const child = spawn(command, args, {
    ...options,
    env: { ...(options.env ?? process.env), [LIFELINE_ENV]: 'stdin' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The lifeline is never written to; an error on it only means the child is gone already.
  child.stdin?.on('error', () => undefined);
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(chunk.toString());
    if (tail.length > 50) tail.shift();
    if (options.verbose) process.stderr.write(`[${options.name}] ${chunk}`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code && code !== 0 && signal === null && !stopping.has(child))
      process.stderr.write(`[${options.name}] exited with code ${code}:\n${tail.join('')}\n`);
  });
  return child;
}

/** Children we asked to stop: their non-zero exit (Java answers SIGTERM with 143) is expected. */
const stopping = new WeakSet<ChildProcess>();

export function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode) return Promise.resolve();
  stopping.add(child);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Calls `then` once the process that started this one is gone (this one handed to another parent). `npm start` and
 * the tests run the cloud under tsx's launcher, which does not take its child with it when it is killed: without this
 * the cloud, orphaned, kept every port and the next start failed.
 */
export function whenOrphaned(then: () => unknown): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    void then();
  }, 500);
  timer.unref();
}

/** A port some process already listens on, with what the start needs it for. */
type HeldPort = { port: number; what: string; holder?: string };

/** Thrown when a port the cloud needs is taken: its message says which and by what, in plain words. */
export class PortsInUse extends Error {
  constructor(readonly held: HeldPort[]) {
    super(
      held
        .map(
          ({ port, what, holder }) =>
            `port ${port} (${what}) is in use${holder ? ` by ${holder}` : ' by another program'}.`,
        )
        .join('\n'),
    );
    this.name = 'PortsInUse';
  }
}

/** Fails with PortsInUse, naming every one of `ports` that something listens on, before anything is started. */
export async function assertPortsFree(ports: { port: number; what: string }[]): Promise<void> {
  const held: HeldPort[] = [];
  for (const { port, what } of ports) {
    if (!(await canListen(port))) held.push({ port, what, holder: portHolder(port) });
  }
  if (held.length) throw new PortsInUse(held);
}

/**
 * Which process listens on a TCP port, as `process <pid> (<command line>)`, read from /proc (Linux): the listening
 * socket's inode from /proc/net/tcp{,6}, then the process holding a descriptor to it. Undefined where that cannot
 * be read (another OS, or a process of another user).
 */
export function portHolder(port: number): string | undefined {
  try {
    const inodes = new Set<string>();
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text = '';
      try {
        text = readFileSync(table, 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n').slice(1)) {
        const fields = line.trim().split(/\s+/);
        // local_address is HEXIP:HEXPORT; state 0A is LISTEN; the inode is the tenth column.
        if (fields.length < 10 || fields[3] !== '0A') continue;
        if (Number.parseInt(fields[1].split(':').pop() ?? '', 16) === port) inodes.add(fields[9]);
      }
    }
    if (!inodes.size) return undefined;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue;
      }
      const holds = fds.some((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
          return target.startsWith('socket:[') && inodes.has(target.slice('socket:['.length, -1));
        } catch {
          return false;
        }
      });
      if (!holds) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return `process ${pid} (${command.length > 160 ? `${command.slice(0, 157)}...` : command})`;
    }
  } catch {
    // Not Linux, or /proc unreadable: the caller says "another program".
  }
  return undefined;
}
