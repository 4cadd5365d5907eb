import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { machineProblems } from '../../infra/local/preflight.js';
import { freeCloudPorts } from '../../infra/local/processes.js';
import { buildWebIfStale, isDevelopmentBuild } from '../../infra/local/web-build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    cloudUrl: string;
    userPoolClientId: string;
    cognitoEndpoint: string;
    /** The environment the handlers run with, so a test can call function code against the same cloud. */
    cloudEnv: Record<string, string>;
  }
}

type TestCloud = { cloud: Awaited<ReturnType<typeof startLocalCloud>>; stateDir: string };

/**
 * Starts one local cloud on free ports for the integration and end-to-end tests (DynamoDB in
 * memory, state in a temp folder), with the demo seeded, and stops it afterwards. Vitest runs
 * it once, in its main process, before the files that list it.
 */
export default async function setup(project: TestProject) {
  const { cloud, stateDir } = await startTestCloud();
  project.provide('cloudUrl', cloud.url);
  project.provide('userPoolClientId', cloud.pool.userPoolClientId);
  project.provide('cognitoEndpoint', cloud.endpoints.cognito);
  project.provide('cloudEnv', cloud.env);
  return async () => {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

async function startTestCloud(): Promise<TestCloud> {
  // Say what the machine lacks up front, instead of a spawn error from deep inside the emulators.
  const problems = machineProblems();
  if (problems.length)
    throw new Error(`The integration and end-to-end tests cannot start the local cloud:\n${problems.join('\n')}`);
  const root = path.resolve(import.meta.dirname, '../..');
  // The SPA the tests drive is what users get: the build refuses React's development build, and
  // a build kept with SKIP_WEB_BUILD is checked here.
  // libuv's four default threads are too few for one process answering four files at once: a few slow DuckDB
  // queries hold them all and every other answer's compression waits (docs/local-cloud.md). Read before our code runs,
  // so it can only be set where the process starts (npm test does).
  if (Number(process.env.UV_THREADPOOL_SIZE ?? 4) < 16)
    console.warn('UV_THREADPOOL_SIZE is under 16: run the tests with npm test (it sets 32), or set it yourself.');
  if (!process.env.SKIP_WEB_BUILD) buildWebIfStale(root);
  else if (isDevelopmentBuild(path.join(root, 'web', 'dist')))
    throw new Error('web/dist holds React’s development build: build it again without SKIP_WEB_BUILD');
  // Royalty reports over 256 KB are imported in parts here, so the tests run the part workers with small files.
  process.env.ROYALTY_PART_BYTES ??= String(256 * 1024);
  // The one cloud serves four files at once in one process: in AWS each of those requests would have a Lambda (and
  // its memory) of its own. With one Lambda's budget the shared DuckDB ran out of memory when an admin's list across
  // every company, a statement run and a royalties rollup met.
  process.env.LEDGER_MEMORY_MB ??= '2048';
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'label-platform-test-'));
  const ports = await freeCloudPorts();
  const cloud = await startLocalCloud({ stateDir, webDir: path.join(root, 'web', 'dist'), ports, inMemory: true });
  return { cloud, stateDir };
}
