import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { getDb } from '../data/service.js';
import { s3Client } from '../lib/clients.js';
import type { RoyaltyMap } from './mapping.js';
import { readReport } from './read-report.js';
import { asDelimitedText } from './report-file.js';

/**
 * Imports one report dropped at drop/{company}/{source}/{file} in the ledger bucket (issue 6):
 * reads it through the source's column map with DuckDB, stores its lines as one Parquet file
 * under ledger/{company}/{import}/, keeps its aggregates and control totals in DynamoDB.
 *
 * Delivering the same event twice imports once: the import's id follows from the object's key
 * and ETag, a finished import is left alone, and a rerun after a crash overwrites the same
 * Parquet key and aggregate items instead of adding to them.
 */
export const DROP_PREFIX = 'drop/';

export function parseDropKey(key: string): { tenantId: string; sourceId: string; filename: string } | null {
  const match = /^drop\/([^/]+)\/([^/]+)\/(.+)$/.exec(key);
  return match ? { tenantId: match[1], sourceId: match[2], filename: match[3] } : null;
}

export const importIdOf = (key: string, etag: string) => createHash('sha256').update(`${key}\u0000${etag}`).digest('hex').slice(0, 26).toUpperCase();

export async function runImport(bucket: string, key: string): Promise<'imported' | 'failed' | 'skipped'> {
  const drop = parseDropKey(key);
  if (!drop) return 'skipped';
  const { tenantId, sourceId, filename } = drop;
  const db = getDb();
  // The ETag names the import; the file is only downloaded once it is known to need importing.
  const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const id = importIdOf(key, head.ETag ?? '');
  const existing = (await db.entities.RoyaltyImport.get({ tenantId, id }).go()).data;
  if (existing && existing.status !== 'processing') return 'skipped';
  await db.entities.RoyaltyImport.put({ tenantId, id, source_id: sourceId, source_key: key, filename, size: head.ContentLength, status: 'processing' }).go();

  const source = (await db.entities.RoyaltySource.get({ tenantId, id: sourceId }).go()).data;
  if (!source) {
    await db.entities.RoyaltyImport.patch({ tenantId, id }).set({ status: 'failed', error: 'No royalty map for this source' }).go();
    return 'failed';
  }

  const dir = await mkdtemp(path.join(os.tmpdir(), 'royalty-'));
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  try {
    const local = path.join(dir, path.basename(filename).replace(/[^\w.-]+/g, '_'));
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: head.ETag }));
    await pipeline(object.Body as Readable, createWriteStream(local));
    const lines = path.join(dir, 'lines.parquet');
    let totals;
    try {
      totals = await readReport(duck, await asDelimitedText(local, dir), source.map as RoyaltyMap, lines);
    } catch (error) {
      await db.entities.RoyaltyImport.patch({ tenantId, id }).set({ status: 'failed', error: `The report could not be read: ${(error as Error).message.split('\n')[0]}` }).go();
      return 'failed';
    }
    const ledgerKey = `ledger/${tenantId}/${id}/lines.parquet`;
    await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: ledgerKey, Body: createReadStream(lines), ContentLength: (await stat(lines)).size }));

    // Aggregates grow with distinct combinations, not with lines: DynamoDB writes stay few.
    const groups = await (
      await duck.runAndReadAll(`SELECT coalesce(pay_period, '') AS pay_period, coalesce(currency, '') AS currency, coalesce(retailer, '') AS retailer,
          coalesce(territory, '') AS territory, coalesce(sales_category, '') AS sales_category, coalesce(isrc, '') AS isrc, coalesce(upc, '') AS upc,
          count(*) AS lines, coalesce(sum(quantity), 0) AS quantity, CAST(sum(subtotal_payable) AS VARCHAR) AS amount
        FROM read_parquet('${lines.replace(/'/g, "''")}') GROUP BY ALL ORDER BY ALL`)
    ).getRowObjects();
    const aggregates = groups.map((g) => ({
      tenantId,
      importId: id,
      key: [g.pay_period, g.currency, g.retailer, g.territory, g.sales_category, g.isrc, g.upc].join('|'),
      pay_period: String(g.pay_period),
      currency: String(g.currency),
      retailer: String(g.retailer),
      territory: String(g.territory),
      sales_category: String(g.sales_category),
      isrc: String(g.isrc),
      upc: String(g.upc),
      lines: Number(g.lines),
      quantity: Number(g.quantity),
      amount: String(g.amount),
    }));
    if (aggregates.length) await db.entities.RoyaltyAggregate.put(aggregates).go();
    await db.entities.RoyaltyImport.patch({ tenantId, id }).set({ status: 'done', totals, ledger_key: ledgerKey, aggregates: aggregates.length }).go();
    return 'imported';
  } finally {
    duck.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}
