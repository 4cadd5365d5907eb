/**
 * `npm start`: runs the whole product on this machine (the embedded local cloud), prints
 * `Ready: <url>` and the demo sign-ins. Ctrl-C stops everything it started. State lives in
 * .local-cloud/ and survives restarts; `npm run reset` (or `npm start -- --reset`) clears it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalCloud } from './cloud.js';
import { DEMO_USERS } from './seed.js';
import { buildWebIfStale } from './web-build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stateDir = path.join(root, '.local-cloud');
const webDir = path.join(root, 'web', 'dist');
const args = new Set(process.argv.slice(2));
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

function fail(message: string): never {
  console.error(`\nCannot start: ${message}\n`);
  process.exit(1);
}

/** Says clearly what the machine lacks instead of failing obscurely later. */
function preflight() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) fail(`Node.js 20.19 or newer is needed (this is ${process.versions.node}).`);
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error) fail('Java 17 or newer is needed for DynamoDB Local and was not found. Install it (Debian: apt-get install -y openjdk-17-jre-headless).');
  const version = /version "(\d+)/.exec(java.stderr ?? '')?.[1];
  if (version && Number(version) < 17) fail(`Java 17 or newer is needed for DynamoDB Local (found Java ${version}).`);
  if (!existsSync(path.join(root, 'node_modules'))) fail('dependencies are not installed: run `npm install` first.');
}

async function main() {
  if (args.has('--reset') || args.has('--reset-only')) {
    rmSync(stateDir, { recursive: true, force: true });
    console.log(`Local state cleared (${path.relative(root, stateDir)}/).`);
    if (args.has('--reset-only')) return;
  }
  preflight();
  const started = Date.now();
  buildWebIfStale(root);
  const cloud = await startLocalCloud({
    stateDir,
    webDir,
    verbose: args.has('--verbose'),
    ports: {
      gateway: port('PORT', 3000),
      dynamodb: port('DYNAMODB_PORT', 8000),
      s3: port('S3_PORT', 4569),
      sqs: port('SQS_PORT', 4576),
      cognito: port('COGNITO_PORT', 9229),
    },
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the local cloud…');
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  console.log(`\nDemo sign-ins:`);
  for (const demo of Object.values(DEMO_USERS)) console.log(`  ${demo.role.padEnd(14)} ${demo.email} / ${demo.password}`);
  console.log(`Mail outbox: ${cloud.url}/_local/outbox   State: ${path.relative(root, stateDir)}/ (npm run reset clears it)`);
  console.log(`Started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`Ready: ${cloud.url}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
