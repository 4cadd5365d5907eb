import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { restartableCloud } from '../support/restartable-cloud.js';
import { NET_REPORT_MAP } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed while an import is being re-matched (the import worker's job) and started again: its queue
 * lost the job's message, yet the job is resumed on start and finishes with the same result, every line of the import
 * stored once, and the same sums in the ledger file and the aggregates as before the re-match.
 */
const cloud = restartableCloud('rematch-restart');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'rematch-restart-'));

afterAll(async () => {
  await cloud.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the local cloud stopped mid re-match and started again', () => {
  it('finishes the re-match with every line stored once and the same sums', async () => {
    await cloud.start();
    const { getDb } = await import('../../functions/data/service.js');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { createSource } = await import('../../functions/data/access/royalty-sources.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { dropKey } = await import('../../functions/royalties/bucket-keys.js');
    const bucket = BUCKETS.ledger.localName;
    const db = getDb().entities;

    const tenantId = `rematch-restart-${Date.now()}`;
    const source = await createSource(tenantId, {
      name: 'Rematch Store',
      map: NET_REPORT_MAP,
    });
    const lines = 300_000;
    const report = `Store,Period,ISRC,Net,Currency\n${Array.from(
      { length: lines },
      (_, i) => `Rematch Store,2026-0${1 + (i % 3)},GBRMR26${String(i % 997).padStart(5, '0')},0.01,GBP`,
    ).join('\n')}\n`;
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket, Key: dropKey(tenantId, source.id, 'rematch.csv'), Body: report }),
    );
    const imported = await until(async () => {
      const found = (await db.RoyaltyImport.query.byTenant({ tenantId }).go()).data[0];
      return found?.status === 'done' ? found : undefined;
    }, 180_000);
    const importId = imported.id;

    /** The import's ledger file as it is recorded: its lines, distinct line numbers and sum. */
    const ledger = async () => {
      const item = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data!;
      const keys = item.ledger_key ? [item.ledger_key] : (item.ledger_keys ?? []);
      const files = await Promise.all(
        keys.map(async (key, i) => {
          const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          const file = path.join(scratch, `${Date.now()}-${i}.parquet`);
          await writeFile(file, await object.Body!.transformToByteArray());
          return file;
        }),
      );
      const duck = await (await DuckDBInstance.create(':memory:')).connect();
      const [row] = (
        await duck.runAndReadAll(
          `SELECT count(*) AS n, count(DISTINCT line) AS distinct_lines, CAST(sum(subtotal_payable) AS VARCHAR) AS amount,
            CAST(sum(amount) AS VARCHAR) AS converted FROM read_parquet([${files.map((f) => `'${f}'`).join(', ')}])`,
        )
      ).getRowObjects();
      const aggregates = (await db.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all' })).data;
      const aggregateLines = aggregates
        .filter((a) => a.dimension === 'total')
        .reduce((n, a) => n + Number((a.values as Record<string, { lines: number }>).total?.lines ?? 0), 0);
      return {
        n: Number(row.n),
        distinct: Number(row.distinct_lines),
        amount: row.amount,
        converted: row.converted,
        aggregateLines,
        importAmount: item.amount,
      };
    };
    const before = await ledger();
    expect(before).toMatchObject({ n: lines, distinct: lines, amount: '3000.000000', aggregateLines: lines });

    // Asked for as the API asks for it; killed as soon as the worker has started it (or, at the latest, while queued).
    const { queueRematch } = await import('../../functions/royalties/api/import-actions.js');
    await queueRematch(tenantId, importId, 'rematch');
    const atKill = await until(async () => {
      const found = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data;
      return found?.job_status === 'running' ? found : undefined;
    }, 60_000);
    await cloud.kill();
    expect(atKill.job_status).toBe('running');

    // Started again on the same state (and ports): the job left running is resumed and finishes.
    await cloud.start();
    const done = await until(async () => {
      const found = (await db.RoyaltyImport.get({ tenantId, id: importId }).go()).data;
      return found?.job_status === 'done' || found?.job_status === 'failed' ? found : undefined;
    }, 180_000);
    expect(done).toMatchObject({ job_status: 'done', job_progress: 100, job_token: atKill.job_token });
    expect(done.job_result).toMatchObject({ lines, stated_lines: 0, statements: [] });
    expect(done.totals).toMatchObject({ lines_read: lines, stored: lines });
    // Every line once, and the same sums in the ledger file and the aggregates as before the re-match.
    expect(await ledger()).toEqual(before);
  }, 600_000);
});
