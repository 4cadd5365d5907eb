import { ownLabelManager } from '../support/own-company.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { until } from '../support/wait.js';

/**
 * The S3 drop folder: a report written to drop/{company}/{source}/ is picked up through
 * the bucket's event and queue, read through the source's map, stored as Parquet in the ledger,
 * and summed into aggregates with control totals; the same event twice imports once.
 */
let tenantId: string;
const sourceId = `SRC${Date.now()}`;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  tenantId = (await ownLabelManager('Royalty import')).distributed.id;
  const { getDb } = await import('../../functions/data/service.js');
  await getDb()
    .entities.RoyaltySource.put({
      tenantId,
      id: sourceId,
      name: 'Bench Store',
      map: {
        columns: {
          isrc: 'ISRC',
          subtotal_payable: 'Net',
          subtotal_payable_currency: 'Currency',
          pay_period: 'Period',
          territory: 'Country',
          quantity: 'Units',
        },
        constants: { retailer: 'Spotify' },
      },
    })
    .go();
});

describe('royalty drop folder', () => {
  it('imports a dropped report into the ledger with aggregates and control totals, once', async () => {
    const { PutObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { getDb } = await import('../../functions/data/service.js');
    const { importIdOf, runImport } = await import('../../functions/royalties/import/run-import.js');
    const bucket = BUCKETS.ledger.localName;
    const key = `drop/${tenantId}/${sourceId}/june-${Date.now()}.csv`;
    const report = [
      'ISRC,Units,Net,Currency,Period,Country',
      'GB-AAA-26-00001,2,1.10,GBP,2026-06,GB',
      'GBAAA2600001,3,2.20,GBP,2026-06,GB',
      'GBAAA2600002,1,oops,GBP,2026-06,FR',
      'GBAAA2600003,1,0.70,GBP,2026-06,FR',
    ].join('\n');
    await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: report }));
    const etag = (await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag ?? '';
    const id = importIdOf(key, etag);

    const done = await until(async () => {
      const found = (await getDb().entities.RoyaltyImport.get({ tenantId, id }).go()).data;
      return found && found.status !== 'processing' ? found : undefined;
    });
    // One item per pay period and dimension (10 dimensions with the total and the report's label name), whatever the
    // number of lines.
    expect(done).toMatchObject({
      status: 'done',
      aggregates: 10,
      progress: 100,
      company_currency: 'GBP',
      missing_rates: [],
    });
    // The import item: put, 4 progress steps, done; the 10 aggregate items; the ledger version.
    expect(done.writes).toBe(6 + 10 + 1);
    expect(done.ledger_key).toMatch(new RegExp(`^ledger/${tenantId}/${id}/lines-\\w+\\.parquet$`));
    expect(done.user_id).toBeUndefined();
    expect(done.totals).toMatchObject({
      lines_read: 4,
      stored: 3,
      skipped: 0,
      amount_stored: '4.000000',
      amount_rejected: '0.000000',
      rejected: [{ line: 4, reason: 'The amount is not a number: oops' }],
    });

    const { periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    const sums = (lines: number, quantity: number, amount: string) => ({
      lines,
      quantity,
      amount,
      amount_original: amount,
      label_payable: amount,
      artist_payable: '0.000000',
      aggregator_payable: '0.000000',
    });
    expect(await periodAggregates(tenantId, id, '2026-06', 'territory')).toEqual([
      { value: 'FR', ...sums(1, 1, '0.700000') },
      { value: 'GB', ...sums(2, 5, '3.300000') },
    ]);
    // Unmatched lines are the dimension's value-less row.
    expect(await periodAggregates(tenantId, id, '2026-06', 'recording_id')).toEqual([
      { value: null, ...sums(3, 6, '4.000000') },
    ]);
    expect(await periodAggregates(tenantId, id, '2026-06', 'total')).toEqual([
      { value: 'total', ...sums(3, 6, '4.000000') },
    ]);
    expect(await periodAggregates(tenantId, id, '2026-05', 'total')).toEqual([]);

    // The same event again: nothing is imported twice.
    expect(await runImport(bucket, key)).toBe('skipped');
    expect((await getDb().entities.RoyaltyAggregate.query.byImport({ tenantId, importId: id }).go()).data).toHaveLength(
      10,
    );
  }, 40_000);

  it('marks a report from an unknown source failed', async () => {
    const { PutObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { getDb } = await import('../../functions/data/service.js');
    const { importIdOf } = await import('../../functions/royalties/import/run-import.js');
    const key = `drop/${tenantId}/NO-SUCH-SOURCE/july-${Date.now()}.csv`;
    await s3Client().send(
      new PutObjectCommand({ Bucket: BUCKETS.ledger.localName, Key: key, Body: 'ISRC,Net\nGBAAA2600001,1\n' }),
    );
    const etag =
      (await s3Client().send(new HeadObjectCommand({ Bucket: BUCKETS.ledger.localName, Key: key }))).ETag ?? '';
    const failed = await until(async () => {
      const found = (
        await getDb()
          .entities.RoyaltyImport.get({ tenantId, id: importIdOf(key, etag) })
          .go()
      ).data;
      return found && found.status !== 'processing' ? found : undefined;
    });
    expect(failed).toMatchObject({ status: 'failed', error: 'No royalty map for this source' });
  }, 40_000);
});
