import { createRequire } from 'node:module';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { startChild, stopChild, waitForPort } from './processes.js';

const require = createRequire(import.meta.url);

/**
 * DynamoDB Local, AWS's own emulator (it supports transactions; dynalite does not). The jar
 * ships inside the npm package amplify-dynamodb-simulator; it needs Java 17.
 */
export async function startDynamoDb(options: { port: number; dataDir: string; inMemory?: boolean; verbose?: boolean }) {
  const emulatorDir = path.join(path.dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
  const args = [
    `-Djava.library.path=${path.join(emulatorDir, 'DynamoDBLocal_lib')}`,
    '-Xms256m',
    '-jar',
    path.join(emulatorDir, 'DynamoDBLocal.jar'),
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
