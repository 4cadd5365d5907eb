import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableCloud } from '../support/restartable-cloud.js';
import { NET_REPORT_MAP } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed in the middle of a large import and started again: its queue
 * lost the messages it held, yet the import finishes on start with every line stored once: the
 * control totals, the ledger files' lines (each line number once) and the aggregates agree.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts) so that it can be
 * killed outright, with its emulators, like a terminal closed on `npm start`.
 */
const cloud = restartableCloud('restart', { ROYALTY_PART_BYTES: String(256 * 1024) });
const scratch = mkdtempSync(path.join(os.tmpdir(), 'restart-ledger-'));

afterAll(async () => {
  await cloud.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the local cloud stopped mid-import and started again', () => {
  it('finishes the import with every line stored once', async () => {
    await cloud.start();
    // Imported only now: the SDK clients read the cloud's endpoints (the same ports after the restart).
    const { getDb } = await import('../../functions/data/service.js');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { createSource } = await import('../../functions/data/access/royalty-sources.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { dropKey } = await import('../../functions/royalties/bucket-keys.js');
    const bucket = BUCKETS.ledger.localName;
    const db = getDb().entities;

    const tenantId = `restart-${Date.now()}`;
    const source = await createSource(tenantId, {
      name: 'Restart Store',
      map: NET_REPORT_MAP,
    });
    const lines = 60_000;
    const report = `Store,Period,ISRC,Net,Currency\n${Array.from(
      { length: lines },
      (_, i) => `Restart Store,2026-0${1 + (i % 3)},GBRST26${String(i % 997).padStart(5, '0')},0.01,GBP`,
    ).join('\n')}\n`;
    const key = dropKey(tenantId, source.id, 'restart.csv');
    await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: report }));

    // Killed once the report is split and its parts are queued: the queue held them in memory only.
    const midway = await until(async () => {
      const found = (await db.RoyaltyImport.query.byTenant({ tenantId }).go()).data[0];
      return found?.status === 'processing' && found.parts ? found : undefined;
    }, 120_000);
    await cloud.kill();
    expect(midway).toMatchObject({ status: 'processing' });
    expect(midway.parts).toBeGreaterThan(1);

    // Started again on the same state: the import left processing is resumed.
    await cloud.start();
    const done = await until(async () => {
      const found = (await db.RoyaltyImport.get({ tenantId, id: midway.id }).go()).data;
      return found?.status === 'done' || found?.status === 'failed' ? found : undefined;
    }, 180_000);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.totals).toMatchObject({
      lines_read: lines,
      stored: lines,
      rejected: [],
      amount_read: '600.000000',
      amount_stored: '600.000000',
    });

    // The ledger files the import points to hold each line of the report once.
    const files = await Promise.all(
      (done.ledger_keys ?? []).map(async (ledgerKey, i) => {
        const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: ledgerKey }));
        const file = path.join(scratch, `part-${i}.parquet`);
        const { writeFile } = await import('node:fs/promises');
        await writeFile(file, await object.Body!.transformToByteArray());
        return file;
      }),
    );
    expect(files).toHaveLength(done.parts ?? 0);
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const [ledger] = (
      await duck.runAndReadAll(
        `SELECT count(*) AS n, count(DISTINCT line) AS distinct_lines, CAST(sum(subtotal_payable) AS VARCHAR) AS amount
          FROM read_parquet([${files.map((f) => `'${f}'`).join(', ')}])`,
      )
    ).getRowObjects();
    expect({ n: Number(ledger.n), distinct: Number(ledger.distinct_lines), amount: ledger.amount }).toEqual({
      n: lines,
      distinct: lines,
      amount: '600.000000',
    });

    // The aggregates count each line once too.
    const aggregates = (
      await db.RoyaltyAggregate.query.byImport({ tenantId, importId: midway.id }).go({ pages: 'all' })
    ).data;
    const totalLines = aggregates
      .filter((a) => a.dimension === 'total')
      .reduce((n, a) => n + Number((a.values as Record<string, { lines: number }>).total?.lines ?? 0), 0);
    expect(totalLines).toBe(lines);
  }, 420_000);
});
