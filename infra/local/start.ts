/**
 * `npm start`: runs the whole product on this machine (the embedded local cloud), prints
 * `Ready: <url>` and the demo sign-ins. Ctrl-C stops everything it started. State lives in
 * .local-cloud/ and survives restarts; `npm run reset` (or `npm start -- --reset`) clears it.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ffmpegPath, ffmpegWorks } from '../../functions/audio/ffmpeg.js';
import { startLocalCloud } from './cloud.js';
import { machineProblems } from './preflight.js';
import { dynamoDbHeap } from './dynamodb.js';
import { budgetLedger, largestFunctionMemoryMb } from './ledger-budget.js';
import { PortsInUse, whenOrphaned } from './processes.js';
import { DEMO_USERS } from './seed.js';
import { buildWebIfStale } from './web-build.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stateDir = path.join(root, '.local-cloud');
const webDir = path.join(root, 'web', 'dist');
const argv = process.argv.slice(2);
const args = new Set(argv);
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Signals this close together are one Ctrl-C relayed more than once, not a second one. */
const SAME_CTRL_C_MS = 1_000;

/**
 * `--host <address>` (or `--host=<address>`): where the app listens. 127.0.0.1 by default, because
 * its `/_cognito` proxy and `/_local` routes need no credentials; `--host 0.0.0.0` opens it to the network.
 */
function hostOption(): string {
  const at = argv.findIndex((arg) => arg === '--host' || arg.startsWith('--host='));
  if (at < 0) return '127.0.0.1';
  const value = argv[at].includes('=') ? argv[at].slice('--host='.length) : argv[at + 1];
  if (!value || value.startsWith('-')) fail('--host needs an address, e.g. `npm start -- --host 0.0.0.0`.');
  return value;
}

function fail(message: string): never {
  console.error(`\nCannot start: ${message}\n`);
  process.exit(1);
}

/** Says clearly what the machine lacks instead of failing obscurely later. */
function preflight() {
  const problems = machineProblems();
  if (problems.length) fail(problems.join('\n'));
  if (!existsSync(path.join(root, 'node_modules'))) fail('dependencies are not installed: run `npm install` first.');
  try {
    dynamoDbHeap();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  // Not fatal: everything but audio previews works without it.
  if (!ffmpegWorks())
    console.warn(`Warning: ffmpeg (${ffmpegPath()}) does not run, so uploaded audio gets no preview. Set FFMPEG_PATH.`);
}

async function main() {
  if (args.has('--reset') || args.has('--reset-only')) {
    rmSync(stateDir, { recursive: true, force: true });
    console.log(`Local state cleared (${path.relative(root, stateDir)}/).`);
    if (args.has('--reset-only')) return;
  }
  preflight();
  budgetLedger(largestFunctionMemoryMb());
  const started = Date.now();
  buildWebIfStale(root);
  const host = hostOption();
  const cloud = await startLocalCloud({
    stateDir,
    webDir,
    host,
    verbose: args.has('--verbose'),
    ports: {
      gateway: port('PORT', 3000),
      dynamodb: port('DYNAMODB_PORT', 8000),
      s3: port('S3_PORT', 4569),
      sqs: port('SQS_PORT', 4576),
      cognito: port('COGNITO_PORT', 9229),
      sftp: port('SFTP_PORT', 2222),
    },
    onStopWaiting: (steps, withinSeconds) =>
      console.log(
        `Letting ${steps} job step${steps === 1 ? '' : 's'} in hand finish (up to ${withinSeconds} s; Ctrl-C again stops at once)…`,
      ),
  });
  let stoppingSince: number | undefined;
  const shutdown = async () => {
    // A second Ctrl-C while the first waits for the jobs in hand: out at once. The emulators end with this process
    // (their lifeline), and every job left unfinished carries on at the next start. One Ctrl-C reaches this process
    // more than once within milliseconds (the terminal signals the whole group, and npm and tsx relay it too), so
    // only a signal a second or more after the first is a second Ctrl-C.
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < SAME_CTRL_C_MS) return;
      console.log('Stopped now: the jobs in hand carry on when the local cloud starts again.');
      process.exit(0);
    }
    stoppingSince = Date.now();
    console.log('\nStopping the local cloud…');
    await cloud.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  whenOrphaned(shutdown);

  console.log(`\nDemo sign-ins:`);
  for (const demo of Object.values(DEMO_USERS))
    console.log(`  ${demo.role.padEnd(14)} ${demo.email} / ${demo.password}`);
  console.log(
    `Mail outbox: ${cloud.url}/_local/outbox   State: ${path.relative(root, stateDir)}/ (npm run reset clears it)`,
  );
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) {
    console.warn(
      `Warning: the app listens on ${host}: anyone who can reach it can use /_cognito and /_local without signing in.`,
    );
  }
  console.log(`Demo store (SFTP): ${cloud.url}/_local/sftp lists the delivered files (${cloud.sftp.root})`);
  console.log(`Started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`Ready: ${cloud.url}`);
}

main().catch((error) => {
  if (error instanceof PortsInUse) {
    fail(
      `${error.message}\nStop that program, or start on other ports: PORT, DYNAMODB_PORT, S3_PORT, SQS_PORT, COGNITO_PORT, SFTP_PORT (e.g. \`PORT=3100 npm start\`).`,
    );
  }
  console.error(error);
  process.exit(1);
});
