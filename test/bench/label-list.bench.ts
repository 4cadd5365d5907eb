/**
 * `npm run bench`: the label list API with 5,000 labels in one tenant, 20 concurrent clients,
 * through the local gateway. Printed beside two baselines measured in the same run:
 * - auth floor: GET /api/v1/me (token check + user lookup, no list);
 * - uncached list: what every request would cost if it read the tenant's partition from
 *   DynamoDB (a full Query of 5,000 items) instead of the version-checked cached list.
 * Goal (issue 2): p95 ≤ 50 ms for the label list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ulid } from 'ulid';
import { startLocalCloud } from '../../infra/local/cloud.js';
import { freePort } from '../../infra/local/processes.js';
import { DEMO_USERS } from '../../infra/local/seed.js';

const LABELS = 5_000;
const CONCURRENCY = 20;
const REQUESTS = 1_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The HTTP load runs in a worker thread with its own event loop, as clients would be their own
 * processes: otherwise the load generator's fetch work competes with the gateway on one loop.
 */
const LOAD_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { urls, headers, concurrency } = workerData;
(async () => {
  const times = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const t = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(url + ' -> ' + response.status);
      times.push(performance.now() - t);
    }
  }));
  parentPort.postMessage({ times, wall: (performance.now() - started) / 1000 });
})().catch((error) => { throw error; });
`;

function httpLoad(name: string, urls: string[], headers: Record<string, string>) {
  return new Promise<{ name: string; requests: number; p50: number; p95: number; rps: number }>((resolve, reject) => {
    const worker = new Worker(LOAD_THREAD, { eval: true, workerData: { urls, headers, concurrency: CONCURRENCY } });
    worker.once('error', reject);
    worker.once('message', ({ times, wall }: { times: number[]; wall: number }) => {
      times.sort((a, b) => a - b);
      void worker.terminate();
      resolve({ name, requests: urls.length, p50: percentile(times, 50), p95: percentile(times, 95), rps: urls.length / wall });
    });
  });
}

async function load(name: string, requests: number, run: (i: number) => Promise<void>) {
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

async function main() {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'label-bench-'));
  const ports = { gateway: await freePort(), dynamodb: await freePort(), s3: await freePort(), sqs: await freePort(), cognito: await freePort() };
  const cloud = await startLocalCloud({ stateDir, webDir: path.join(stateDir, 'no-web'), ports, inMemory: true });
  try {
    const { getDb } = await import('../../functions/data/service.js');
    const db = getDb();
    const companyId = ulid();
    await db.entities.Company.create({ companyId, name: 'Bench Records' }).go();
    const manager = (await db.entities.UniqueValue.get({ scope: 'email', value: DEMO_USERS.labelManager.email }).go()).data!;
    await db.entities.CompanyUser.create({ userId: manager.ownerId, companyId, role: 'label_manager' }).go();
    const words = ['Blue', 'Night', 'Echo', 'Velvet', 'Static', 'Golden', 'Harbour', 'Quiet', 'Neon', 'Paper'];
    const labels = Array.from({ length: LABELS }, (_, i) => ({
      tenantId: companyId,
      labelId: ulid(),
      name: `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} Records ${i}`,
      active: i % 7 !== 0,
      distributed: i % 3 === 0,
    }));
    const seedStart = performance.now();
    await db.entities.Label.put(labels).go();
    await db.entities.ListVersion.put({ list: `labels#${companyId}`, version: ulid() }).go();
    console.log(`Seeded ${LABELS} labels in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const auth = await fetch(`${cloud.url}/_cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.pool.userPoolClientId, AuthParameters: { USERNAME: DEMO_USERS.labelManager.email, PASSWORD: DEMO_USERS.labelManager.password } }),
    });
    const token = ((await auth.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult.AccessToken;
    const headers = { authorization: `Bearer ${token}`, 'x-company-id': companyId };
    const queries = ['?page=1', '?page=37&per_page=50', '?order=name%20desc', '?q=velvet', '?scope=distributed&page=3', '?sort_field=created_at&sort_order=desc&per_page=100'];
    const listUrls = (n: number) => Array.from({ length: n }, (_, i) => `${cloud.url}/api/v1/labels${queries[i % queries.length]}`);

    await httpLoad('warm-up (JIT of DynamoDB Local and Node)', listUrls(1500), headers);
    const results = [
      await httpLoad('label list (cached, version-checked)', listUrls(REQUESTS), headers),
      await httpLoad('baseline: HTTP floor GET /config.json', Array.from({ length: REQUESTS }, () => `${cloud.url}/config.json`), headers),
      await httpLoad('baseline: auth floor GET /me', Array.from({ length: REQUESTS }, () => `${cloud.url}/api/v1/me`), headers),
      await load('baseline: uncached full partition Query', 100, async () => {
        await db.entities.Label.query.byTenant({ tenantId: companyId }).go({ pages: 'all' });
      }),
    ];
    console.log(`\n${LABELS} labels in one tenant, ${CONCURRENCY} concurrent clients, local gateway + DynamoDB Local`);
    console.log('case'.padEnd(42), 'requests', '   p50 ms', '   p95 ms', '   req/s');
    for (const r of results) console.log(r.name.padEnd(42), String(r.requests).padStart(8), r.p50.toFixed(1).padStart(9), r.p95.toFixed(1).padStart(9), r.rps.toFixed(0).padStart(8));
    const list = results[0];
    console.log(`\nlabel list p95 ${list.p95.toFixed(1)} ms (goal ≤ 50 ms): ${list.p95 <= 50 ? 'met' : 'NOT met'}; ${(results[3].p50 / list.p50).toFixed(1)}× faster at p50 than reading the partition per request`);
  } finally {
    await cloud.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
