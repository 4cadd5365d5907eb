/**
 * `npm run bench:catalogue`, its goals:
 * - the recording list with 50,000 recordings in one company: search by ISRC and by title, and
 *   sorted pages, p95 through the local gateway at 20 concurrent requests (goal ≤ 100 ms);
 * - saving a release with 30 recordings (create, then update), one client (goal ≤ 300 ms).
 * Baselines measured in the same run: the auth floor (GET /me) and the cost of reading the
 * company's recordings partition per request instead of the version-checked cached list.
 */
import { ulid } from 'ulid';
import { benchCloud, httpLoad, load, percentile, printResults } from './bench-harness.js';

const RECORDINGS = 50_000;
const REQUESTS = 1_000;
const WORDS = [
  'Blue',
  'Night',
  'Echo',
  'Velvet',
  'Static',
  'Golden',
  'Harbour',
  'Quiet',
  'Neon',
  'Paper',
  'River',
  'Glass',
];
const isrcOf = (i: number) => `GBBEN26${String(i).padStart(5, '0')}`;

async function main() {
  const { cloud, db, companyId, headers, stop } = await benchCloud('Bench Catalogue');
  try {
    const artistId = ulid();
    await db.entities.Artist.create({ tenantId: companyId, id: artistId, name: 'Bench Artist' }).go();
    const seedStart = performance.now();
    const recordings = Array.from({ length: RECORDINGS }, (_, i) => ({
      tenantId: companyId,
      id: ulid(),
      title: `${WORDS[i % 12]} ${WORDS[Math.floor(i / 12) % 12]} ${i}`,
      isrc: i < 100_000 ? isrcOf(i) : undefined,
      display_artists: 'Bench Artist',
      artist_recordings: [{ id: ulid(), artist_id: artistId, sequence: 1, role: 'Main', payee_share: 100 }],
    }));
    for (let i = 0; i < recordings.length; i += 5_000)
      await db.entities.Recording.put(recordings.slice(i, i + 5_000)).go();
    await db.entities.ListVersion.put({ list: `recordings#${companyId}`, version: ulid() }).go();
    await db.entities.ListVersion.put({ list: `artists#${companyId}`, version: ulid() }).go();
    console.log(`Seeded ${RECORDINGS} recordings in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const base = `${cloud.url}/api/v1/recordings`;
    const queries = (i: number) =>
      [
        `?q=${isrcOf((i * 7919) % RECORDINGS)}`,
        `?q=${encodeURIComponent(`${WORDS[i % 12]} ${WORDS[(i + 5) % 12]} ${i * 13}`)}`,
        `?sort_field=title&sort_order=asc&page=${1 + (i % 900)}`,
        `?sort_field=isrc&sort_order=desc&page=${1 + (i % 50)}&per_page=100`,
        `?q=velvet&page=${1 + (i % 20)}`,
      ][i % 5];
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `${base}${queries(i)}`);
    await httpLoad('warm-up', urls(800), headers);

    // A release with 30 of the recordings and one artist, saved the way the form sends it.
    const body = (title: string) => ({
      title,
      artist_releases_attributes: [{ artist_id: artistId }],
      products_attributes: [{}],
      release_recordings_attributes: recordings.slice(0, 30).map((r, i) => ({ recording_id: r.id, position: i + 1 })),
    });
    const saves: number[] = [];
    const updates: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      let t = performance.now();
      const created = await fetch(`${cloud.url}/api/v1/releases`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body(`Bench Album ${i}`)),
      });
      if (created.status !== 201) throw new Error(`release save failed: ${created.status} ${await created.text()}`);
      const release = ((await created.json()) as { release: { id: string } }).release;
      saves.push(performance.now() - t);
      t = performance.now();
      const updated = await fetch(`${cloud.url}/api/v1/releases/${release.id}`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench Album ${i} (remastered)` }),
      });
      if (updated.status !== 200) throw new Error(`release update failed: ${updated.status}`);
      updates.push(performance.now() - t);
    }
    const summary = (name: string, times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return {
        name,
        requests: times.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        rps: 1000 / (times.reduce((a, b) => a + b, 0) / times.length),
      };
    };

    const results = [
      await httpLoad('recording list: ISRC/title search, sorted pages', urls(REQUESTS), headers),
      await httpLoad(
        'baseline: auth floor GET /me',
        Array.from({ length: REQUESTS }, () => `${cloud.url}/api/v1/me`),
        headers,
      ),
      await load('baseline: uncached full partition Query', 3, async () => {
        await db.entities.Recording.query.byTenant({ tenantId: companyId }).go({ pages: 'all' });
      }),
      summary('release save with 30 recordings (POST)', saves),
      summary('release update, 30 recordings kept (PATCH)', updates),
    ];
    printResults(
      `${RECORDINGS} recordings in one company, 20 concurrent clients (saves: one client), local gateway + DynamoDB Local`,
      results,
    );
    const [list, authFloor, , save] = results;
    console.log(
      `\nrecording list p95 ${list.p95.toFixed(1)} ms (goal ≤ 100 ms): ${list.p95 <= 100 ? 'met' : 'NOT met'}`,
    );
    console.log(`release save p95 ${save.p95.toFixed(1)} ms (goal ≤ 300 ms): ${save.p95 <= 300 ? 'met' : 'NOT met'}`);
    // Goal: the list within 1.2× the auth floor measured in the same run.
    const ratio = list.p95 / authFloor.p95;
    console.log(
      `list_p95_ms=${list.p95.toFixed(1)} auth_floor_p95_ms=${authFloor.p95.toFixed(1)} list_vs_auth_ratio=${ratio.toFixed(2)} (goal ≤ 1.2: ${ratio <= 1.2 ? 'met' : 'NOT met'})`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
