/**
 * What the benchmarks share: a throwaway local cloud (in-memory DynamoDB), a signed-in demo
 * label manager in a fresh company, and load generators that report p50/p95 and throughput.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ulid } from 'ulid';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { freeCloudPorts } from '../../infra/local/processes.js';
import { budgetLedger } from '../../infra/local/ledger-budget.js';
import { DEMO_USERS } from '../../infra/local/seed.js';
import { DEFAULT_LEDGER_MEMORY_MB } from '../../functions/royalties/ledger/duck.js';
import { WORKERS } from '../../infra/functions.js';
import { QUEUE_URL_ENV } from '../../infra/resources.js';

/**
 * Gives this process's DuckDB the memory of the worker whose work the bench times, as in AWS (product-function.ts
 * sets LEDGER_MEMORY_MB to each function's memory), not the API's 1,024 MB the local cloud's one process defaults
 * to. Call it before the cloud starts (DuckDB reads it once); a budget already set is kept.
 */
export function asWorkerMemory(worker: keyof typeof WORKERS): void {
  budgetLedger(WORKERS[worker].memorySize ?? DEFAULT_LEDGER_MEMORY_MB);
}

export const CONCURRENCY = 20;
export type Result = { name: string; requests: number; p50: number; p95: number; rps: number };

/**
 * CPU milliseconds a thread or process has used (user + system) from its /proc stat file, null where there is
 * none (not Linux). Unlike latency, CPU per request hardly moves when other work shares the machine: it tells
 * what a path costs apart from how busy the machine was.
 */
export function cpuMs(statFile: string): number | null {
  try {
    const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's clock ticks per second for /proc times (USER_HZ), 100 on every platform Node supports. */
const CLOCK_TICKS = 100;

/** The CPU this process's main thread (the gateway's, in a bench's cloud) and its child processes have used. */
export function cloudCpu() {
  const main = `/proc/${process.pid}/task/${process.pid}`;
  let children: number[] = [];
  try {
    children = readFileSync(`${main}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return {
    gateway: cpuMs(`${main}/stat`),
    children: children.reduce((sum, pid) => sum + (cpuMs(`/proc/${pid}/stat`) ?? 0), 0),
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The HTTP load runs in a worker thread with its own event loop, as clients would be their own
 * processes: otherwise the load generator's work competes with the gateway on one loop. Each client is a
 * plain node:http request over a kept-alive connection of its own (what a browser holds to a site): fetch
 * (undici) costs about twice the CPU per request (0.5 ms against 0.2–0.35 ms here), which on a 2-core machine the
 * gateway then waits for.
 * A 3xx is an answer like any other (never followed): a redirect is measured by its own answer.
 */
const LOAD_THREAD = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { urls, headers, concurrency } = workerData;
const ownCpuMs = () => {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
};
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers }, (response) => {
    response.resume();
    response.once('end', () => resolve(response.statusCode));
    response.once('error', reject);
  }).once('error', reject);
});
(async () => {
  const times = [];
  let next = 0;
  const started = performance.now();
  const cpuBefore = ownCpuMs();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const t = performance.now();
      const status = await get(url);
      if (status >= 400) throw new Error(url + ' -> ' + status);
      times.push(performance.now() - t);
    }
  }));
  const cpu = cpuBefore === null ? null : ownCpuMs() - cpuBefore;
  agent.destroy();
  parentPort.postMessage({ times, wall: (performance.now() - started) / 1000, cpu });
})().catch((error) => { throw error; });
`;

export function httpLoad(
  name: string,
  urls: string[],
  headers: Record<string, string>,
  options: { concurrency?: number } = {},
) {
  return new Promise<Result & { clientCpuMs: number | null }>((resolve, reject) => {
    const workerData = { urls, headers, concurrency: options.concurrency ?? CONCURRENCY };
    const worker = new Worker(LOAD_THREAD, { eval: true, workerData });
    worker.once('error', reject);
    worker.once('message', ({ times, wall, cpu }: { times: number[]; wall: number; cpu: number | null }) => {
      times.sort((a, b) => a - b);
      void worker.terminate();
      resolve({
        name,
        requests: urls.length,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        rps: urls.length / wall,
        clientCpuMs: cpu,
      });
    });
  });
}

export async function load(name: string, requests: number, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        const i = next++;
        const t = performance.now();
        await run(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { name, requests, p50: percentile(times, 50), p95: percentile(times, 95), rps: requests / wall };
}

/**
 * Starts a local cloud, makes a company with the demo label manager in it, and signs them in. `webFiles`
 * (name → text) are served by the gateway as the web app's files (a static baseline beside the API).
 * `signInsOnly` seeds the demo's sign-ins and nothing else: the full demo keeps the process busy for
 * seconds after the start (its report import, audio and statement PDFs), which a latency bench would
 * measure instead of the path it means to.
 */
export async function benchCloud(
  companyName: string,
  webFiles: Record<string, string> = {},
  options: { signInsOnly?: boolean } = {},
) {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const webDir = path.join(stateDir, 'no-web');
  mkdirSync(webDir, { recursive: true });
  for (const [name, text] of Object.entries(webFiles)) writeFileSync(path.join(webDir, name), text);
  const ports = await freeCloudPorts();
  const cloud = await startLocalCloud({ stateDir, webDir, ports, inMemory: true, seed: !options.signInsOnly });
  if (options.signInsOnly) await (await import('../../infra/local/seed.js')).seedDemo();
  const { getDb } = await import('../../functions/data/service.js');
  const db = getDb();
  const companyId = ulid();
  await db.entities.Company.create({ companyId, name: companyName }).go();
  const manager = (await db.entities.UniqueValue.get({ scope: 'email', value: DEMO_USERS.labelManager.email }).go())
    .data!;
  await db.entities.CompanyUser.create({ userId: manager.ownerId, companyId, role: 'label_manager' }).go();
  const auth = await fetch(`${cloud.url}/_cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: cloud.pool.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_USERS.labelManager.email, PASSWORD: DEMO_USERS.labelManager.password },
    }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult
    .AccessToken;
  const headers = { authorization: `Bearer ${token}`, 'x-company-id': companyId };
  const stop = async () => {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
  return { cloud, db, companyId, headers, stop };
}

export function printResults(title: string, results: Result[]) {
  console.log(`\n${title}`);
  console.log('case'.padEnd(46), 'requests', '   p50 ms', '   p95 ms', '   req/s');
  for (const r of results)
    console.log(
      r.name.padEnd(46),
      String(r.requests).padStart(8),
      r.p50.toFixed(1).padStart(9),
      r.p95.toFixed(1).padStart(9),
      r.rps.toFixed(0).padStart(8),
    );
}

/**
 * Waits until nothing is queued or in flight on these queues: an import's worker goes on after the import is done
 * (it prepares the royalties list's files, a minute at 10M lines), and a figure timed meanwhile measures both.
 */
export async function queuesSettled(keys: readonly (keyof typeof QUEUE_URL_ENV)[], timeoutMs = 600_000) {
  const { sqsClient } = await import('../../functions/lib/clients.js');
  const { GetQueueAttributesCommand } = await import('@aws-sdk/client-sqs');
  const started = performance.now();
  for (;;) {
    let busy = 0;
    for (const key of keys) {
      const variable = QUEUE_URL_ENV[key];
      const url = variable ? process.env[variable] : undefined;
      if (!url) throw new Error(`no local queue for ${key}`);
      const { Attributes } = await sqsClient().send(
        new GetQueueAttributesCommand({
          QueueUrl: url,
          AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
        }),
      );
      busy +=
        Number(Attributes?.ApproximateNumberOfMessages ?? 0) +
        Number(Attributes?.ApproximateNumberOfMessagesNotVisible ?? 0);
    }
    if (!busy) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error(`${keys.join(', ')} still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
