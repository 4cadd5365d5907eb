import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';

/** Waits until a TCP port accepts connections, or fails with what the process printed. */
export async function waitForPort(port: number, what: string, timeoutMs = 60_000, child?: ChildProcess): Promise<void> {
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

/** Starts a child process whose output is kept (shown only when it fails) and which dies with us. */
export function startChild(
  command: string,
  args: string[],
  options: SpawnOptions & { name: string; verbose?: boolean },
): ChildProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
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
