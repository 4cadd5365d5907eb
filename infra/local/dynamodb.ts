import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EMULATOR_START_MS, startChild, stopChild, waitForPort } from './processes.js';

const require = createRequire(import.meta.url);

/** Whether this Java can run a source file (a JDK); a JRE lacks the compiler module. */
function javaCompiles(): boolean {
  return /^jdk\.compiler@/m.test(spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '');
}

/** The heap DynamoDB Local may grow to unless `DYNAMODB_HEAP` says otherwise: enough for the largest benchmark. */
const DEFAULT_HEAP = '1g';

/**
 * DynamoDB Local's maximum heap, as Java's -Xmx takes it (`1g`, `1536m`). Unbounded, the JVM took a quarter of the
 * machine's memory and kept it (363 MB grew to 2.46 GB over a long run).
 */
export function dynamoDbHeap(env: NodeJS.ProcessEnv = process.env): string {
  const heap = (env.DYNAMODB_HEAP ?? DEFAULT_HEAP).trim();
  const match = /^(\d+)([mMgG])$/.exec(heap);
  const megabytes = match ? Number(match[1]) * (/g/i.test(match[2]) ? 1024 : 1) : 0;
  if (megabytes < 256)
    throw new Error(`DYNAMODB_HEAP must be a size of at least 256m, like 1g or 1536m (it is "${heap}").`);
  return heap;
}

/** The launcher's class name (javac wants the source file named after it). */
const LAUNCHER = 'DynamoDbLoopback';

/**
 * The loopback launcher compiled once into node_modules/.cache, keyed by its source and the jar, and reused by every
 * later start. Java's source-file mode compiled it on each start: about 3 s of CPU, paid again by every cloud the
 * restart tests start. Undefined when this Java cannot compile (a JRE, or no `javac`): then the caller falls back.
 * Compiled in a folder of its own and renamed into place, so two clouds starting at once never read half a class.
 */
function compiledLauncher(jar: string): string | undefined {
  const source = path.join(import.meta.dirname, 'dynamodb-loopback.java');
  const jarStat = statSync(jar);
  const key = createHash('sha256')
    .update(readFileSync(source))
    .update(`${jarStat.size}:${jarStat.mtimeMs}`)
    .digest('hex')
    .slice(0, 16);
  const cacheRoot = path.resolve(import.meta.dirname, '../../node_modules/.cache/label-platform');
  const target = path.join(cacheRoot, `dynamodb-launcher-${key}`);
  if (existsSync(path.join(target, `${LAUNCHER}.class`))) return target;
  mkdirSync(cacheRoot, { recursive: true });
  const work = mkdtempSync(path.join(cacheRoot, 'dynamodb-launcher-building-'));
  try {
    copyFileSync(source, path.join(work, `${LAUNCHER}.java`));
    const compiled = spawnSync('javac', ['-cp', jar, '-d', work, path.join(work, `${LAUNCHER}.java`)], {
      encoding: 'utf8',
    });
    if (compiled.status !== 0) return undefined;
    try {
      renameSync(work, target);
    } catch {
      // Another start compiled it first: theirs is the same class.
      if (!existsSync(path.join(target, `${LAUNCHER}.class`))) return undefined;
    }
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * How DynamoDB Local starts: the compiled launcher, else the launcher's source (a JDK without `javac` on the
 * PATH), else the bare jar (a JRE; it then listens on every interface).
 */
export function dynamoDbLaunch(jar: string): { args: string[]; loopback: boolean } {
  const compiled = compiledLauncher(jar);
  if (compiled) return { args: ['-cp', `${jar}${path.delimiter}${compiled}`, LAUNCHER], loopback: true };
  if (javaCompiles())
    return { args: ['-cp', jar, path.join(import.meta.dirname, 'dynamodb-loopback.java')], loopback: true };
  return { args: ['-jar', jar], loopback: false };
}

/**
 * Java flags for a cloud that lives for one test (DYNAMODB_QUICK_START=1, set by the restart tests' clouds): the
 * quick compiler only and one garbage-collector thread. Measured on 2 cores, starting took about half the CPU and a
 * workload of 12,000 requests 40 % less; over 47,000 requests the gap had shrunk to 10 %, as the optimising
 * compiler pays for itself in a long run, so `npm start` and the suite's shared cloud keep Java's defaults. Measured
 * again over a mixed workload (puts, gets, queries, transactions, updates; 8 at a time): at 60,000 requests the quick
 * compiler still took 15 % less CPU (85 against 101 s), at 150,000 it took 22 % more (214 against 176 s), and the
 * suite's shared cloud serves well over 100,000 (about 275 s of DynamoDB Local's CPU in a full run). The garbage
 * collector alone made no difference there (serial, parallel and the default G1 within the runs' noise).
 */
export function dynamoDbQuickStartFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.DYNAMODB_QUICK_START === '1' ? ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'] : [];
}

/**
 * DynamoDB Local, AWS's own emulator (it supports transactions; dynalite does not). The jar
 * ships inside the npm package amplify-dynamodb-simulator; it needs Java 17. It has no option
 * to listen on loopback only, so with a JDK it is started through `dynamodb-loopback.java` (compiled once, see
 * compiledLauncher), which binds it to 127.0.0.1 and ends it when this process is gone; with a bare JRE it starts as
 * is and a warning says it is open (and outlives a killed cloud).
 */
export async function startDynamoDb(options: { port: number; dataDir: string; inMemory?: boolean; verbose?: boolean }) {
  const heap = dynamoDbHeap();
  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const jar = path.join(emulatorDir, 'DynamoDBLocal.jar');
  const main = dynamoDbLaunch(jar);
  if (!main.loopback) {
    console.warn(
      'Warning: DynamoDB Local listens on every interface and outlives a killed `npm start`: this Java is a JRE; a JDK (openjdk-17-jdk-headless) keeps it on 127.0.0.1 and ends it with the cloud.',
    );
  }
  const args = [
    `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-Xms256m',
    `-Xmx${heap}`,
    ...dynamoDbQuickStartFlags(),
    ...main.args,
    '-port',
    String(options.port),
    '-sharedDb',
  ];
  if (options.inMemory) args.push('-inMemory');
  else {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('-dbPath', options.dataDir);
  }
  const child = startChild('java', args, { cwd: emulatorDir, name: 'dynamodb', verbose: options.verbose });
  await waitForPort(options.port, 'DynamoDB Local', EMULATOR_START_MS, child);
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => stopChild(child) };
}
