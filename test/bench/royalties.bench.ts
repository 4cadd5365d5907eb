/**
 * `npm run bench:royalties [-- --lines 1000000]` (issue 6's figures). Generates a synthetic sales
 * report in a distributor's usual layout with a matching catalogue, drops it into the company's
 * S3 drop folder and times the real import path (S3 event → queue → worker → Parquet ledger →
 * aggregates) until the import is done. Baseline in the same run: DuckDB's bare count(*) scan of
 * the same file. Then the royalties list with sums and a filter over the whole ledger, p95 at 20
 * concurrent clients, beside the auth floor (GET /me) under the same load. The last line is exactly:
 *   lines=N lines_per_s=X import_vs_scan_ratio=R list_p95_ms=P
 * Goals on 2 cores: 10,000,000 lines end to end ≤ 90 s, R ≥ 0.25, P ≤ 500 ms.
 */
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { BUCKETS } from '../../infra/resources.js';
import { benchCloud, httpLoad } from './bench-harness.js';
import type { RoyaltyImportItem } from '../../functions/data/entities/royalties.js';

const argLines = process.argv.indexOf('--lines');
const LINES = argLines > 0 ? Number(process.argv[argLines + 1]) : 10_000_000;
const RECORDINGS = 5_000;
const TRACKS_PER_RELEASE = 10;
const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'YouTube Music', 'Deezer', 'Tidal'];
const LIST_REQUESTS = 200;

const isrcOf = (i: number) => `GBBEN26${String(i).padStart(5, '0')}`;
const upcOf = (r: number) => `50600000${String(r).padStart(5, '0')}`;

/** The report, written by DuckDB (fast): 90 % of lines carry a catalogue ISRC, 5 % only a UPC, 5 % match nothing. */
async function writeReport(file: string) {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const stores = `['${STORES.join("','")}']`;
  await duck.run(`COPY (
      SELECT '2026-06' AS "Reporting Period", '2026-0' || (1 + i % 6)::VARCHAR AS "Sale Month",
        ${stores}[1 + (i % ${STORES.length})] AS "Store",
        ['GB','US','DE','FR','SE','NL','JP','BR','AU','CA'][1 + (i // 7) % 10] AS "Territory",
        'Bench Records' AS "Label", 'Bench Artist ' || ((i % ${RECORDINGS}) % 50)::VARCHAR AS "Artist",
        'Bench Album ' || ((i % ${RECORDINGS}) // ${TRACKS_PER_RELEASE})::VARCHAR AS "Release",
        'Track ' || (i % ${RECORDINGS})::VARCHAR AS "Track",
        CASE WHEN i % 20 = 19 THEN '' ELSE '50600000' || lpad(((i % ${RECORDINGS}) // ${TRACKS_PER_RELEASE})::VARCHAR, 5, '0') END AS "UPC",
        CASE WHEN i % 20 >= 18 THEN '' ELSE 'GB-BEN-26-' || lpad((i % ${RECORDINGS})::VARCHAR, 5, '0') END AS "ISRC",
        CASE WHEN i % 3 = 0 THEN 'Subscription Stream' ELSE 'Ad-Supported Stream' END AS "Sale Type",
        1 + (i % 9) AS "Quantity", CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'GBP' END AS "Currency",
        printf('%.6f', (hash(i) % 9000) / 1000000.0) AS "Net Revenue"
      FROM range(${LINES}) t(i)
    ) TO '${file}' (HEADER, DELIMITER ',')`);
  duck.closeSync();
}

/** The baseline: how long DuckDB takes just to count the file's lines. */
async function bareScanSeconds(file: string): Promise<number> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const t = performance.now();
  await duck.runAndReadAll(`SELECT count(*) FROM read_csv('${file}', header = true)`);
  const seconds = (performance.now() - t) / 1000;
  duck.closeSync();
  return seconds;
}

async function main() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'royalty-bench-'));
  const { cloud, db, companyId, headers, stop } = await benchCloud('Bench Royalties');
  try {
    // The catalogue the report matches: one label, releases of 10 tracks, recordings with ISRCs.
    const labelId = ulid();
    await db.entities.Label.create({
      tenantId: companyId,
      labelId,
      name: 'Bench Records',
      deal_percentage: 80,
    } as never).go();
    const artistId = ulid();
    await db.entities.Artist.create({ tenantId: companyId, id: artistId, name: 'Bench Artist' }).go();
    const recordings = Array.from({ length: RECORDINGS }, (_, i) => ({
      tenantId: companyId,
      id: ulid(),
      title: `Track ${i}`,
      isrc: isrcOf(i),
      artist_recordings: [{ id: ulid(), artist_id: artistId, sequence: 1, role: 'Main', payee_share: 50 }],
    }));
    for (let i = 0; i < recordings.length; i += 1000)
      await db.entities.Recording.put(recordings.slice(i, i + 1000)).go();
    const releases = Array.from({ length: RECORDINGS / TRACKS_PER_RELEASE }, (_, r) => ({
      tenantId: companyId,
      id: ulid(),
      title: `Bench Album ${r}`,
      upc: upcOf(r),
      label_id: labelId,
      release_recordings: recordings
        .slice(r * TRACKS_PER_RELEASE, (r + 1) * TRACKS_PER_RELEASE)
        .map((rec, k) => ({ id: ulid(), recording_id: rec.id, position: k + 1 })),
    }));
    for (let i = 0; i < releases.length; i += 100)
      await db.entities.Release.put(releases.slice(i, i + 100) as never).go();
    await db.entities.ExchangeRate.create({
      tenantId: companyId,
      id: ulid(),
      distributor: 'Bench Distribution',
      payment_date: '2026-01-01',
      original_currency: 'EUR',
      target_currency: 'GBP',
      rate: '0.85',
    }).go();

    const mapAnswer = await fetch(`${cloud.url}/api/v1/royalty_maps`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Distribution',
        map: {
          columns: {
            pay_period: 'Sale Month',
            retailer: 'Store',
            territory: 'Territory',
            label_name: 'Label',
            artist: 'Artist',
            album: 'Release',
            song: 'Track',
            upc: 'UPC',
            isrc: 'ISRC',
            sales_category: 'Sale Type',
            quantity: 'Quantity',
            subtotal_payable_currency: 'Currency',
            subtotal_payable: 'Net Revenue',
          },
          constants: { delivered_by: 'Bench Distribution' },
        },
      }),
    });
    if (mapAnswer.status !== 201) throw new Error(`map: ${mapAnswer.status} ${await mapAnswer.text()}`);
    const sourceId = ((await mapAnswer.json()) as { royalty_map: { id: string } }).royalty_map.id;

    const file = path.join(dir, 'report.csv');
    let t = performance.now();
    await writeReport(file);
    const size = (await stat(file)).size;
    console.log(
      `Generated ${LINES.toLocaleString('en')} lines (${(size / 1e6).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const scan = await bareScanSeconds(file);
    console.log(`Baseline: DuckDB count(*) scan of the file: ${scan.toFixed(2)} s`);

    // The import, end to end: from the start of the drop-folder PUT until the import is done.
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { importIdOf } = await import('../../functions/royalties/import/run-import.js');
    const { dropKey } = await import('../../functions/royalties/bucket-keys.js');
    const key = dropKey(companyId, sourceId, `bench-${Date.now()}.csv`);
    t = performance.now();
    await s3Client().send(
      new PutObjectCommand({
        Bucket: BUCKETS.ledger.localName,
        Key: key,
        Body: createReadStream(file),
        ContentLength: size,
      }),
    );
    const uploaded = performance.now();
    const etag =
      (await s3Client().send(new HeadObjectCommand({ Bucket: BUCKETS.ledger.localName, Key: key }))).ETag ?? '';
    const importId = importIdOf(key, etag);
    let done: RoyaltyImportItem | null;
    for (;;) {
      done = (await db.entities.RoyaltyImport.get({ tenantId: companyId, id: importId }).go()).data;
      if (done && done.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const importSeconds = (performance.now() - t) / 1000;
    if (done.status !== 'done') throw new Error(`import ${done.status}: ${done.error}`);
    const totals = done.totals as {
      lines_read: number;
      stored: number;
      skipped: number;
      rejected: unknown[];
      amount_read: string;
      amount_stored: string;
    };
    console.log(
      `Import: ${importSeconds.toFixed(1)} s end to end (upload ${((uploaded - t) / 1000).toFixed(1)} s); read ${totals.lines_read}, stored ${totals.stored}, rejected ${totals.rejected.length}, skipped ${totals.skipped}; amount read ${totals.amount_read} = stored ${totals.amount_stored}`,
    );
    console.log(
      `DynamoDB writes for the import: ${(done as { writes?: number }).writes} in all, of which ${done.aggregates} aggregate items (the rest: the import item and the ledger version)`,
    );

    // The royalties list over the whole ledger: sums with a filter, 20 concurrent clients.
    const urls = Array.from(
      { length: LIST_REQUESTS },
      (_, i) =>
        `${cloud.url}/api/v1/royalties?by_retailer=${encodeURIComponent(STORES[i % STORES.length])}&page=${1 + (i % 10)}&per_page=50${i % 2 ? '&start_date=2026-02-01&end_date=2026-04-30' : ''}`,
    );
    await httpLoad('warm-up', urls.slice(0, 20), headers);
    const list = await httpLoad('royalties list: sums + filter over the ledger', urls, headers);
    const floor = await httpLoad(
      'baseline: auth floor GET /me',
      Array.from({ length: LIST_REQUESTS }, () => `${cloud.url}/api/v1/me`),
      headers,
    );
    console.log(
      `Royalties list p50 ${list.p50.toFixed(0)} ms, p95 ${list.p95.toFixed(0)} ms (${list.rps.toFixed(1)} req/s); baseline auth floor GET /me p95 ${floor.p95.toFixed(0)} ms (${floor.rps.toFixed(1)} req/s)`,
    );

    const linesPerSecond = LINES / importSeconds;
    const ratio = scan / importSeconds;
    console.log(
      `Goals: ${LINES >= 10_000_000 ? `10M in ≤ 90 s: ${importSeconds <= 90 ? 'met' : 'NOT met'}; ` : ''}R ≥ 0.25: ${ratio >= 0.25 ? 'met' : 'NOT met'}; P ≤ 500 ms: ${list.p95 <= 500 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `lines=${LINES} lines_per_s=${Math.round(linesPerSecond)} import_vs_scan_ratio=${ratio.toFixed(3)} list_p95_ms=${Math.round(list.p95)}`,
    );
  } finally {
    await stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
