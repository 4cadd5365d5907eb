/**
 * `npm run bench`: the label list API with 5,000 labels in one tenant, 20 concurrent clients,
 * through the local gateway. Printed beside two baselines measured in the same run:
 * - auth floor: GET /api/v1/me (token check + user lookup, no list);
 * - uncached list: what every request would cost if it read the tenant's partition from
 *   DynamoDB (a full Query of 5,000 items) instead of the version-checked cached list.
 * Goal: p95 ≤ 50 ms for the label list.
 */
import { ulid } from 'ulid';
import { benchCloud, httpLoad, load, printResults } from './bench-harness.js';

const LABELS = 5_000;
const REQUESTS = 1_000;

async function main() {
  const { cloud, db, companyId, headers, stop } = await benchCloud('Bench Records');
  try {
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

    const queries = [
      '?page=1',
      '?page=37&per_page=50',
      '?order=name%20desc',
      '?q=velvet',
      '?scope=distributed&page=3',
      '?sort_field=created_at&sort_order=desc&per_page=100',
    ];
    const listUrls = (n: number) =>
      Array.from({ length: n }, (_, i) => `${cloud.url}/api/v1/labels${queries[i % queries.length]}`);

    await httpLoad('warm-up (JIT of DynamoDB Local and Node)', listUrls(1500), headers);
    const results = [
      await httpLoad('label list (cached, version-checked)', listUrls(REQUESTS), headers),
      await httpLoad(
        'baseline: HTTP floor GET /config.json',
        Array.from({ length: REQUESTS }, () => `${cloud.url}/config.json`),
        headers,
      ),
      await httpLoad(
        'baseline: auth floor GET /me',
        Array.from({ length: REQUESTS }, () => `${cloud.url}/api/v1/me`),
        headers,
      ),
      await load('baseline: uncached full partition Query', 100, async () => {
        await db.entities.Label.query.byTenant({ tenantId: companyId }).go({ pages: 'all' });
      }),
    ];
    printResults(`${LABELS} labels in one tenant, 20 concurrent clients, local gateway + DynamoDB Local`, results);
    const list = results[0];
    console.log(
      `\nlabel list p95 ${list.p95.toFixed(1)} ms (goal ≤ 50 ms): ${list.p95 <= 50 ? 'met' : 'NOT met'}; ${(results[3].p50 / list.p50).toFixed(1)}× faster at p50 than reading the partition per request`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
