import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
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

/**
 * DynamoDB Local, AWS's own emulator (it supports transactions; dynalite does not). The jar
 * ships inside the npm package amplify-dynamodb-simulator; it needs Java 17. It has no option
 * to listen on loopback only, so with a JDK it is started through `dynamodb-loopback.java`,
 * which binds it to 127.0.0.1 and ends it when this process is gone; with a bare JRE it starts as is and a warning
 * says it is open (and outlives a killed cloud).
 */
export async function startDynamoDb(options: { port: number; dataDir: string; inMemory?: boolean; verbose?: boolean }) {
  const heap = dynamoDbHeap();
  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const jar = path.join(emulatorDir, 'DynamoDBLocal.jar');
  const main = javaCompiles() ? ['-cp', jar, path.join(import.meta.dirname, 'dynamodb-loopback.java')] : ['-jar', jar];
  if (main[0] === '-jar') {
    console.warn(
      'Warning: DynamoDB Local listens on every interface and outlives a killed `npm start`: this Java is a JRE; a JDK (openjdk-17-jdk-headless) keeps it on 127.0.0.1 and ends it with the cloud.',
    );
  }
  const args = [
    `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-Xms256m',
    `-Xmx${heap}`,
    ...main,
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
