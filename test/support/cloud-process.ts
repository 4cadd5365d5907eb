/**
 * A local cloud in a process of its own, for tests that kill it mid-work and start it again on
 * the same state (test/integration/royalty-import-restart.test.ts): `CLOUD_STATE_DIR` and
 * `CLOUD_PORTS` (JSON) say where; nothing is seeded unless `CLOUD_SEED=demo` (the demo
 * company, reference data and demo store, as `npm start` seeds them, again on each start); DynamoDB keeps its data on disk. Prints
 * `READY <the handlers' environment as JSON>` once it serves, then runs until it is killed.
 */
import path from 'node:path';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { whenOrphaned } from '../../infra/local/processes.js';
import { required } from '../../functions/lib/required.js';

const root = path.resolve(import.meta.dirname, '../..');
const cloud = await startLocalCloud({
  stateDir: required(process.env.CLOUD_STATE_DIR, 'CLOUD_STATE_DIR'),
  webDir: path.join(root, 'web', 'dist'),
  ports: JSON.parse(required(process.env.CLOUD_PORTS, 'CLOUD_PORTS')),
  seed: process.env.CLOUD_SEED === 'demo',
});
// As `npm start` does: its launcher killed, the cloud stops (and its emulators with it).
whenOrphaned(async () => {
  await cloud.stop();
  process.exit(0);
});
process.stdout.write(`READY ${JSON.stringify(cloud.env)}\n`);
