/**
 * The royalties benchmarks' shared fixture (bench:royalties, bench:statements): a synthetic sales
 * report in a distributor's usual layout, written by DuckDB, the catalogue it matches (one label,
 * releases of 10 tracks, recordings with ISRCs, optionally payees on every recording), its column
 * map, and the real import path through the S3 drop folder (S3 event → queue → worker → Parquet
 * ledger → aggregates) until the import is done.
 */
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { BUCKETS } from '../../infra/resources.js';
import type { benchCloud } from './bench-harness.js';
import type { RoyaltyImportItem } from '../../functions/data/entities/royalties.js';

type BenchCloud = Awaited<ReturnType<typeof benchCloud>>;

export const RECORDINGS = 5_000;
const TRACKS_PER_RELEASE = 10;
export const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'YouTube Music', 'Deezer', 'Tidal'];

const isrcOf = (i: number) => `GBBEN26${String(i).padStart(5, '0')}`;
const upcOf = (r: number) => `50600000${String(r).padStart(5, '0')}`;

const HALF_YEAR = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];

/**
 * The report: 90 % of lines carry a catalogue ISRC, 5 % only a UPC, 5 % match nothing; spread over `periods`
 * (YYYY-MM) and the catalogue's first `recordings` recordings (seedCatalogue's `recordings`).
 */
export async function writeReport(
  file: string,
  lines: number,
  periods: string[] = HALF_YEAR,
  recordings = RECORDINGS,
): Promise<number> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const stores = `['${STORES.join("','")}']`;
  const months = `['${periods.join("','")}']`;
  await duck.run(`COPY (
      SELECT '2026-06' AS "Reporting Period", ${months}[1 + i % ${periods.length}] AS "Sale Month",
        ${stores}[1 + (i % ${STORES.length})] AS "Store",
        ['GB','US','DE','FR','SE','NL','JP','BR','AU','CA'][1 + (i // 7) % 10] AS "Territory",
        'Bench Records' AS "Label", 'Bench Artist ' || (r % 50)::VARCHAR AS "Artist",
        'Bench Album ' || (r // ${TRACKS_PER_RELEASE})::VARCHAR AS "Release",
        'Track ' || r::VARCHAR AS "Track",
        CASE WHEN i % 20 = 19 THEN '' ELSE '50600000' || lpad((r // ${TRACKS_PER_RELEASE})::VARCHAR, 5, '0') END AS "UPC",
        CASE WHEN i % 20 >= 18 THEN '' ELSE 'GB-BEN-26-' || lpad(r::VARCHAR, 5, '0') END AS "ISRC",
        CASE WHEN i % 3 = 0 THEN 'Subscription Stream' ELSE 'Ad-Supported Stream' END AS "Sale Type",
        1 + (i % 9) AS "Quantity", CASE WHEN i % 4 = 0 THEN 'EUR' ELSE 'GBP' END AS "Currency",
        printf('%.6f', (hash(i) % 9000) / 1000000.0) AS "Net Revenue"
      -- r: the line's recording. Each pass over the catalogue starts one recording further on, so every recording
      -- gets lines of every kind (ISRC, UPC only, unmatched) once there are 20 passes: no recording, and no
      -- payee, is left with only unmatched lines.
      FROM (SELECT i, (i + i // ${recordings}) % ${recordings} AS r FROM range(${lines}) t(i))
    ) TO '${file}' (HEADER, DELIMITER ',')`);
  duck.closeSync();
  return (await stat(file)).size;
}

/** The baseline of the import: how long DuckDB takes just to count the file's lines. */
export async function bareScanSeconds(file: string): Promise<number> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const t = performance.now();
  await duck.runAndReadAll(`SELECT count(*) FROM read_csv('${file}', header = true)`);
  const seconds = (performance.now() - t) / 1000;
  duck.closeSync();
  return seconds;
}

/** The identifiers a report line is matched by, with the ids they lead to. */
export type BenchCatalogue = { recordings: { id: string; isrc: string }[]; releases: { id: string; upc: string }[] };

/** oneStatementSeconds' statement: the import's essential work as DuckDB alone would write it. */
const ONE_STATEMENT = (file: string, output: string) => `COPY (
    SELECT n.pay_period, n.isrc, n.upc, rec.id AS recording_id, rel.id AS release_id,
      n.retailer, n.territory, n.label_name, n.artist, n.album, n.song, n.sales_category, n.quantity,
      n.currency, n.amount,
      CAST(CASE WHEN n.currency = 'GBP' THEN n.amount ELSE n.amount * rates.rate END AS DECIMAL(18,6)) AS amount_gbp
    FROM (
      SELECT strftime(try_strptime(trim(r."Sale Month"), ['%Y-%m', '%Y%m', '%m/%Y']), '%Y-%m') AS pay_period,
        nullif(upper(replace(trim(r."ISRC"), '-', '')), '') AS isrc,
        nullif(regexp_replace(trim(r."UPC"), '[^0-9]', '', 'g'), '') AS upc,
        trim(r."Store") AS retailer, upper(trim(r."Territory")) AS territory, trim(r."Label") AS label_name,
        trim(r."Artist") AS artist, trim(r."Release") AS album, trim(r."Track") AS song,
        trim(r."Sale Type") AS sales_category, CAST(trim(r."Quantity") AS BIGINT) AS quantity,
        upper(trim(r."Currency")) AS currency, CAST(trim(r."Net Revenue") AS DECIMAL(18,6)) AS amount
      FROM read_csv('${file}', header = true, all_varchar = true) r
    ) n
    LEFT JOIN recordings rec ON rec.isrc = n.isrc
    LEFT JOIN releases rel ON rec.id IS NULL AND rel.upc = n.upc
    LEFT JOIN rates ON rates.currency = n.currency
  ) TO '${output}' (FORMAT parquet, COMPRESSION zstd)`;

/**
 * The other baseline of the import: how long DuckDB takes for one hand-written statement doing
 * the import's essential work on the same file (read the CSV, normalise, match the catalogue —
 * recordings by ISRC, else releases by UPC —, convert EUR at the bench's 0.85, write Parquet),
 * on a fresh in-memory DuckDB. Only the statement is timed, not loading the catalogue's ids.
 */
export async function oneStatementSeconds(file: string, catalogue: BenchCatalogue): Promise<number> {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const output = `${file}.one-statement.parquet`;
  try {
    await duck.run('CREATE TABLE recordings (isrc VARCHAR, id VARCHAR)');
    await duck.run('CREATE TABLE releases (upc VARCHAR, id VARCHAR)');
    await duck.run("CREATE TABLE rates AS SELECT 'EUR' AS currency, CAST('0.85' AS DECIMAL(18,6)) AS rate");
    // Identifiers of the bench's own making (letters and digits): safe inside the statement.
    await duck.run(
      `INSERT INTO recordings VALUES ${catalogue.recordings.map((r) => `('${r.isrc}', '${r.id}')`).join(', ')}`,
    );
    await duck.run(
      `INSERT INTO releases VALUES ${catalogue.releases.map((r) => `('${r.upc}', '${r.id}')`).join(', ')}`,
    );
    const t = performance.now();
    await duck.run(ONE_STATEMENT(file, output));
    return (performance.now() - t) / 1000;
  } finally {
    duck.closeSync();
    await rm(output, { force: true });
  }
}

/**
 * The catalogue the report matches, straight into the table. With `payees`, that many payees
 * (with e-mails) are created and recording i is split 50/50 between payees i and i + 1 (mod
 * `payees`), so a payee is on several recordings. With `pairsByRelease`, every track of release r is split
 * between payees 2r and 2r + 1 instead (a duo's albums): a release's lines then pay the same two payees, as a
 * contract on the release with those two does. Every recording has matched lines once the report has 20 lines
 * per recording (100,000), so every payee earns. `recordings` (5,000 unless given) makes a smaller catalogue.
 */
export async function seedCatalogue(
  db: BenchCloud['db'],
  companyId: string,
  options: { payees?: number; recordings?: number; pairsByRelease?: boolean } = {},
): Promise<{
  labelId: string;
  payeeIds: string[];
  recordings: (BenchCatalogue['recordings'][number] & { payee_ids: string[] })[];
  releases: (BenchCatalogue['releases'][number] & { payee_ids: string[] })[];
}> {
  const labelId = ulid();
  await db.entities.Label.create({
    tenantId: companyId,
    labelId,
    name: 'Bench Records',
    deal_percentage: 80,
  } as never).go();
  const artistId = ulid();
  await db.entities.Artist.create({ tenantId: companyId, id: artistId, name: 'Bench Artist' }).go();
  const payeeIds = Array.from({ length: options.payees ?? 0 }, () => ulid());
  for (let i = 0; i < payeeIds.length; i += 1000)
    await db.entities.Payee.put(
      payeeIds.slice(i, i + 1000).map((id, k) => ({
        tenantId: companyId,
        id,
        name: `Bench Payee ${i + k}`,
        email: `payee${i + k}@bench.test`,
      })) as never,
    ).go();
  const payeeRows = (i: number) => {
    if (!payeeIds.length) return [];
    const first = options.pairsByRelease ? 2 * Math.floor(i / TRACKS_PER_RELEASE) : i;
    return [
      { id: ulid(), payee_id: payeeIds[first % payeeIds.length], split: 50 },
      { id: ulid(), payee_id: payeeIds[(first + 1) % payeeIds.length], split: 50 },
    ];
  };
  const recordings = Array.from({ length: options.recordings ?? RECORDINGS }, (_, i) => ({
    tenantId: companyId,
    id: ulid(),
    title: `Track ${i}`,
    isrc: isrcOf(i),
    artist_recordings: [{ id: ulid(), artist_id: artistId, sequence: 1, role: 'Main', payee_share: 50 }],
    recording_payees: payeeRows(i),
  }));
  for (let i = 0; i < recordings.length; i += 1000)
    await db.entities.Recording.put(recordings.slice(i, i + 1000) as never).go();
  const releases = Array.from({ length: Math.ceil(recordings.length / TRACKS_PER_RELEASE) }, (_, r) => ({
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
  const payeesOf = (recording: (typeof recordings)[number]) => recording.recording_payees.map((p) => p.payee_id);
  return {
    labelId,
    payeeIds,
    recordings: recordings.map((r) => ({ id: r.id, isrc: r.isrc, payee_ids: payeesOf(r) })),
    releases: releases.map((r, i) => ({
      id: r.id,
      upc: r.upc,
      // Its tracks' payees, each once.
      payee_ids: [...new Set(recordings.slice(i * TRACKS_PER_RELEASE, (i + 1) * TRACKS_PER_RELEASE).flatMap(payeesOf))],
    })),
  };
}

/** The report's column map (a royalty source); answers its id. */
export async function createBenchMap(url: string, headers: Record<string, string>): Promise<string> {
  const mapAnswer = await fetch(`${url}/api/v1/royalty_maps`, {
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
  return ((await mapAnswer.json()) as { royalty_map: { id: string } }).royalty_map.id;
}

/**
 * Drops the report into the company's drop folder and waits for its import to finish; answers
 * the finished import and the seconds from the start of the upload (and of the import alone).
 */
export async function importThroughDropFolder(
  db: BenchCloud['db'],
  companyId: string,
  sourceId: string,
  file: string,
): Promise<{ done: RoyaltyImportItem; seconds: number; uploadSeconds: number }> {
  const size = (await stat(file)).size;
  const { s3Client } = await import('../../functions/lib/clients.js');
  const { importIdOf } = await import('../../functions/royalties/import/run-import.js');
  const { dropKey } = await import('../../functions/royalties/bucket-keys.js');
  const key = dropKey(companyId, sourceId, `bench-${Date.now()}.csv`);
  const t = performance.now();
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
  if (done.status !== 'done') throw new Error(`import ${done.status}: ${done.error}`);
  return { done, seconds: (performance.now() - t) / 1000, uploadSeconds: (uploaded - t) / 1000 };
}
