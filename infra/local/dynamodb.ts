import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { startChild, stopChild, waitForPort } from './processes.js';

const require = createRequire(import.meta.url);

/** Whether this Java can run a source file (a JDK); a JRE lacks the compiler module. */
function javaCompiles(): boolean {
  return /^jdk\.compiler@/m.test(spawnSync('java', ['--list-modules'], { encoding: 'utf8' }).stdout ?? '');
}

/**
 * DynamoDB Local, AWS's own emulator (it supports transactions; dynalite does not). The jar
 * ships inside the npm package amplify-dynamodb-simulator; it needs Java 17. It has no option
 * to listen on loopback only, so with a JDK it is started through `dynamodb-loopback.java`,
 * which binds it to 127.0.0.1; with a bare JRE it starts as is and a warning says it is open.
 */
export async function startDynamoDb(options: { port: number; dataDir: string; inMemory?: boolean; verbose?: boolean }) {
  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const jar = path.join(emulatorDir, 'DynamoDBLocal.jar');
  const main = javaCompiles() ? ['-cp', jar, path.join(import.meta.dirname, 'dynamodb-loopback.java')] : ['-jar', jar];
  if (main[0] === '-jar') {
    console.warn(
      'Warning: DynamoDB Local listens on every interface: this Java is a JRE; a JDK (openjdk-17-jdk-headless) keeps it on 127.0.0.1.',
    );
  }
  const args = [
    `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-Xms256m',
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
  await waitForPort(options.port, 'DynamoDB Local', 60_000, child);
  return { endpoint: `http://127.0.0.1:${options.port}`, stop: () => stopChild(child) };
}
