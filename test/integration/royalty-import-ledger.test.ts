import { beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { call } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { finishedImportJob } from '../support/import-job.js';
import { until } from '../support/wait.js';

/**
 * The ledger an import writes, through the real local cloud: catalogue
 * matching, currency conversion, aggregates that grow with combinations rather than lines,
 * progress and the imports history, re-applying rates and matches, and duplicates.
 */
let tenantId: string;
const stamp = Date.now();
const sourceId = `SRC-LEDGER-${stamp}`;
const isrc = (n: number) => `QZ${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
const recordings = [`REC-A-${stamp}`, `REC-B-${stamp}`];
const releaseId = `REL-${stamp}`;
const labelId = `LAB-${stamp}`;

async function modules() {
  const { PutObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3Client } = await import('../../functions/lib/clients.js');
  const { BUCKETS } = await import('../../infra/resources.js');
  const { getDb } = await import('../../functions/data/service.js');
  const { importIdOf } = await import('../../functions/royalties/import/run-import.js');
  const bucket = BUCKETS.ledger.localName;
  /** Drops a report (as the presigned upload does, with the uploader's id) and waits for its import to settle. */
  const drop = async (name: string, body: string, userId?: string) => {
    const key = `drop/${tenantId}/${sourceId}/${name}-${Date.now()}.csv`;
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: body,
        ...(userId ? { Metadata: { 'user-id': userId } } : {}),
      }),
    );
    const etag = (await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag ?? '';
    const id = importIdOf(key, etag);
    const item = await until(async () => {
      const found = (await getDb().entities.RoyaltyImport.get({ tenantId, id }).go()).data;
      return found && found.status !== 'processing' ? found : undefined;
    });
    return { key, id, item };
  };
  const exists = async (key: string) =>
    s3Client()
      .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
      .then(
        () => true,
        () => false,
      );
  return { getDb, drop, exists, bucket };
}

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  tenantId = (await ownLabelManager('Royalty import ledger')).distributed.id;
  const { getDb } = await import('../../functions/data/service.js');
  const db = getDb();
  await db.entities.RoyaltySource.put({
    tenantId,
    id: sourceId,
    name: 'Ledger Store',
    map: {
      columns: {
        isrc: 'ISRC',
        subtotal_payable: 'Net',
        subtotal_payable_currency: 'Currency',
        pay_period: 'Period',
        quantity: 'Units',
        delivered_by: 'By',
      },
      constants: { retailer: 'Spotify', territory: 'GB' },
    },
  }).go();
  await db.entities.Label.put({ tenantId, labelId, name: `Ledger Label ${stamp}`, deal_percentage: 80 }).go();
  await db.entities.Recording.put({
    tenantId,
    id: recordings[0],
    title: 'First',
    isrc: isrc(1),
    artist_recordings: [{ artist_id: 'ART-1', sequence: 1, payee_share: 50 }],
  }).go();
  await db.entities.Recording.put({ tenantId, id: recordings[1], title: 'Second', isrc: isrc(2) }).go();
  await db.entities.Release.put({
    tenantId,
    id: releaseId,
    title: 'EP',
    label_id: labelId,
    release_recordings: recordings.map((recording_id) => ({ recording_id })),
    artist_releases: [{ artist_id: 'ART-2', payee_share: 100 }],
  }).go();
});

describe('royalty import ledger', () => {
  it('matches 1,000 lines to the catalogue and writes a handful of aggregate items per pay period and dimension, with progress and history', async () => {
    const { getDb, drop } = await modules();
    const { periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    const lines = Array.from(
      { length: 1000 },
      (_, i) => `${isrc(1 + (i % 2))},1,0.01,GBP,2026-0${1 + (Math.floor(i / 2) % 2)},Dist`,
    );
    const { id, item } = await drop(
      'thousand',
      ['ISRC,Units,Net,Currency,Period,By', ...lines].join('\n'),
      'USER-LEDGER-1',
    );
    // 2 pay periods × 15 dimensions: label, the report's label name, release, recording, artist, store, territory,
    // sales category, currency, total, and the finances' cross dimensions label × store, label × territory,
    // label × release, artist × store and label name × label.
    expect(item).toMatchObject({
      status: 'done',
      progress: 100,
      user_id: 'USER-LEDGER-1',
      aggregates: 30,
      matched: { isrc: 1000, unmatched: 0 },
      amount: '10.000000',
    });
    // Import item: put, 4 steps, done; 30 aggregate items; the history record; the ledger version.
    expect(item.writes).toBe(6 + 30 + 1 + 1);
    expect(item.totals).toMatchObject({ stored: 1000, amount_stored: '10.000000' });

    const aggregates = (
      await getDb().entities.RoyaltyAggregate.query.byImport({ tenantId, importId: id }).go({ pages: 'all' })
    ).data;
    expect(aggregates).toHaveLength(30);
    expect(aggregates.map((a) => a.key)).toContain('2026-01#recording_id#0000');
    const sums = (lines: number, amount: string, label: string, artist: string, aggregator: string) => ({
      lines,
      quantity: lines,
      amount,
      amount_original: amount,
      label_payable: label,
      artist_payable: artist,
      aggregator_payable: aggregator,
    });
    for (const period of ['2026-01', '2026-02']) {
      expect(await periodAggregates(tenantId, id, period, 'recording_id')).toEqual([
        { value: recordings[0], ...sums(250, '2.500000', '2.000000', '1.000000', '0.500000') },
        { value: recordings[1], ...sums(250, '2.500000', '2.000000', '2.000000', '0.500000') },
      ]);
      expect(await periodAggregates(tenantId, id, period, 'artist_id')).toEqual([
        { value: 'ART-1', ...sums(250, '2.500000', '2.000000', '1.000000', '0.500000') },
        { value: 'ART-2', ...sums(250, '2.500000', '2.000000', '2.000000', '0.500000') },
      ]);
      for (const [dimension, value] of [
        ['release_id', releaseId],
        ['label_id', labelId],
        ['retailer', 'Spotify'],
        ['territory', 'GB'],
        ['currency', 'GBP'],
        ['total', 'total'],
      ] as const) {
        expect(await periodAggregates(tenantId, id, period, dimension)).toEqual([
          { value, ...sums(500, '5.000000', '4.000000', '3.000000', '1.000000') },
        ]);
      }
      expect(await periodAggregates(tenantId, id, period, 'sales_category')).toEqual([
        { value: null, ...sums(500, '5.000000', '4.000000', '3.000000', '1.000000') },
      ]);
    }
    // The imports history gets the uploaded file: written just after the import shows done, so waited for.
    expect(
      await until(async () => (await getDb().entities.ImportRecord.get({ importId: id }).go()).data ?? undefined),
    ).toMatchObject({
      userId: 'USER-LEDGER-1',
      records: 1000,
      type: 'royalties',
    });
  }, 60_000);

  it('stores lines without a rate unconverted, then converts them when a rate is added; assigns unmatched lines by hand', async () => {
    const { getDb, drop, exists } = await modules();
    const rates = await import('../../functions/royalties/api/exchange-rates.js');
    const domain = await import('../../functions/royalties/api/import-actions.js');
    const { unmatchedLines } = await import('../../functions/royalties/api/unmatched.js');
    const report = [
      'ISRC,Units,Net,Currency,Period,By',
      `${isrc(1)},1,2.00,EUR,2026-03,Dist X`,
      'QZZZZ9999999,1,5.00,EUR,2026-03,Dist X',
      'QZZZZ9999999,1,1.00,EUR,2026-03,Dist X',
      'QZZZZ8888888,1,0.50,GBP,2026-03,',
    ].join('\n');
    const { id, item } = await drop('euro', report);
    expect(item).toMatchObject({
      status: 'done',
      missing_rates: [{ distributor: 'Dist X', original_currency: 'EUR', target_currency: 'GBP', lines: 3 }],
      amount: '0.500000',
    });
    expect((await unmatchedLines(tenantId, id)).unmatched).toEqual([
      {
        isrc: 'QZZZZ8888888',
        upc: null,
        cat_no: null,
        song: null,
        artist: null,
        album: null,
        lines: 1,
        amount: '0.500000',
      },
      { isrc: 'QZZZZ9999999', upc: null, cat_no: null, song: null, artist: null, album: null, lines: 2, amount: null },
    ]);

    // Rates are validated, and found by distributor, pair and payment date.
    await expect(
      rates.createExchangeRate(tenantId, {
        distributor: 'Dist X',
        payment_date: '2026-01-01',
        original_currency: 'eur',
        target_currency: 'GBP',
        rate: '-1',
      }),
    ).rejects.toMatchObject({ status: 400, errors: { rate: [expect.any(String)] } });
    await expect(
      rates.createExchangeRate(tenantId, {
        distributor: 'Dist X',
        payment_date: '2026-01-01',
        original_currency: 'EURO',
        target_currency: 'GBP',
        rate: '1',
      }),
    ).rejects.toMatchObject({ errors: { original_currency: [expect.any(String)] } });
    const rate = await rates.createExchangeRate(tenantId, {
      distributor: 'Dist X',
      payment_date: '2026-01-01',
      original_currency: 'eur',
      target_currency: 'gbp',
      rate: '0.85',
    });
    expect(rate).toMatchObject({ original_currency: 'EUR', target_currency: 'GBP', rate: '0.85' });
    expect(
      await rates.findExchangeRate(tenantId, {
        distributor: 'Dist X',
        payment_date: '2026-12-31',
        original_currency: 'EUR',
        target_currency: 'GBP',
      }),
    ).toMatchObject({ id: rate.id });
    expect(
      await rates.findExchangeRate(tenantId, {
        distributor: 'Dist X',
        payment_date: '2025-12-31',
        original_currency: 'EUR',
        target_currency: 'GBP',
      }),
    ).toBeNull();

    const ratesAsked = new Date().toISOString();
    expect(await domain.updateExchangeRates(tenantId, undefined, id)).toEqual({ imports: 1, import_ids: [id] });
    const updated = (await finishedImportJob(tenantId, id, ratesAsked)).result;
    expect(updated).toMatchObject({ imports: 1, lines: 4, missing_rates: [] });
    const converted = (await getDb().entities.RoyaltyImport.get({ tenantId, id }).go()).data!;
    expect(converted).toMatchObject({ missing_rates: [], amount: '7.300000' });
    // The import points at a new file; the old one is gone.
    expect(converted.ledger_key).not.toBe(item.ledger_key);
    expect(await exists(converted.ledger_key!)).toBe(true);
    expect(await exists(item.ledger_key!)).toBe(false);

    // Assigning by hand: the target must be this tenant's; the rule beats the catalogue and is remembered.
    await expect(
      domain.assignMatch(tenantId, id, { field: 'isrc', value: 'QZZZZ9999999', recording_id: 'NOT-A-RECORDING' }),
    ).rejects.toMatchObject({ status: 400, errors: { recording_id: [expect.any(String)] } });
    const assignAsked = new Date().toISOString();
    await domain.assignMatch(tenantId, id, {
      field: 'isrc',
      value: 'qz-zzz-99-99999',
      recording_id: recordings[1],
    });
    const assigned = (await finishedImportJob(tenantId, id, assignAsked)).result;
    expect(assigned.matched).toMatchObject({ manual: 2, isrc: 1, unmatched: 1 });
    expect((await unmatchedLines(tenantId, id)).unmatched.map((g) => g.isrc)).toEqual(['QZZZZ8888888']);
    const { periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    const byRecording = await periodAggregates(tenantId, id, '2026-03', 'recording_id');
    expect(byRecording.map((a) => [a.value, a.lines, a.amount, a.amount_original])).toEqual([
      [null, 1, '0.500000', '0.500000'],
      [recordings[0], 1, '1.700000', '2.000000'],
      [recordings[1], 2, '5.100000', '6.000000'],
    ]);
    const byCurrency = await periodAggregates(tenantId, id, '2026-03', 'currency');
    expect(byCurrency.map((a) => [a.value, a.lines, a.amount, a.amount_original])).toEqual([
      ['EUR', 3, '6.800000', '8.000000'],
      ['GBP', 1, '0.500000', '0.500000'],
    ]);
    // The re-match replaced the import's items: as many as it says it has.
    const after = (await getDb().entities.RoyaltyImport.get({ tenantId, id }).go()).data!;
    expect(
      (await getDb().entities.RoyaltyAggregate.query.byImport({ tenantId, importId: id }).go({ pages: 'all' })).data,
    ).toHaveLength(after.aggregates!);
    await rates.deleteExchangeRate(tenantId, rate.id);
    await expect(rates.deleteExchangeRate(tenantId, rate.id)).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it('holds back the same file imported again as a duplicate, and imports it when confirmed', async () => {
    const { getDb, drop } = await modules();
    const domain = await import('../../functions/royalties/api/import-actions.js');
    const report = ['ISRC,Units,Net,Currency,Period,By', `${isrc(2)},3,1.25,GBP,2026-04,Dist`].join('\n');
    const first = await drop('again', report);
    expect(first.item.status).toBe('done');
    await expect(domain.confirmImport(tenantId, first.id)).rejects.toMatchObject({ status: 409 });

    const second = await drop('again-renamed', report, 'USER-LEDGER-2');
    expect(second.item).toMatchObject({ status: 'duplicate', duplicate_of: first.id, progress: 100 });
    expect(second.item.ledger_key).toBeUndefined();
    expect(
      (await getDb().entities.RoyaltyAggregate.query.byImport({ tenantId, importId: second.id }).go()).data,
    ).toHaveLength(0);

    // Confirming queues the import to its worker, as any import; a second confirm finds it no longer a duplicate.
    expect(await domain.confirmImport(tenantId, second.id)).toMatchObject({ status: 'processing' });
    await expect(domain.confirmImport(tenantId, second.id)).rejects.toMatchObject({ status: 409 });
    const confirmed = await until(async () => {
      const item = (await getDb().entities.RoyaltyImport.get({ tenantId, id: second.id }).go()).data;
      return item && item.status !== 'processing' ? item : undefined;
    }, 60_000);
    // One pay period × 15 dimensions (10 and the 5 cross dimensions).
    expect(confirmed).toMatchObject({ status: 'done', aggregates: 15, amount: '1.250000' });
    expect(confirmed.totals).toMatchObject({ stored: 1 });
    expect(
      await until(
        async () => (await getDb().entities.ImportRecord.get({ importId: second.id }).go()).data ?? undefined,
      ),
    ).toMatchObject({ records: 1 });
  }, 60_000);

  it("pushes each step's progress to the uploader's open pages", async () => {
    const { drop } = await modules();
    const { token } = await ownLabelManager('Royalty import ledger');
    const userId = (await call('GET', '/api/v1/me', { token })).body.user.id as string;
    const socket = new WebSocket(
      `${inject('cloudUrl').replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(token)}`,
    );
    const messages: { type: string; import?: { id: string; status: string; progress: number; filename: string } }[] =
      [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    try {
      const { id } = await drop(
        'pushed',
        ['ISRC,Units,Net,Currency,Period,By', `${isrc(1)},1,0.10,GBP,2026-05,Dist`].join('\n'),
        userId,
      );
      const mine = await until(async () => {
        const found = messages.filter((m) => m.type === 'RoyaltyImport' && m.import?.id === id);
        return found.some((m) => m.import?.status === 'done') ? found : undefined;
      });
      const progress = mine.map((m) => m.import!.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(progress.length).toBeGreaterThanOrEqual(4);
      expect(mine.at(-1)!.import).toMatchObject({
        status: 'done',
        progress: 100,
        filename: expect.stringMatching(/^pushed-/),
      });
    } finally {
      socket.close();
    }
  }, 60_000);
});

describe('royalty aggregates', () => {
  it('packs a dimension with many values into items of at most 1,000 values, reads them back, and removes items a rewrite no longer has', async () => {
    const { DuckDBInstance } = await import('@duckdb/node-api');
    const { writeAggregates, periodAggregates } = await import('../../functions/royalties/ledger/aggregates.js');
    const duck = await (await DuckDBInstance.create(':memory:')).connect();
    const cube = (
      recordings: number,
    ) => `CREATE OR REPLACE TABLE cube AS SELECT '2026-07' AS pay_period, NULL::VARCHAR AS label_id, NULL::VARCHAR AS label_name, NULL::VARCHAR AS release_id,
        'REC' || lpad(i::VARCHAR, 5, '0') AS recording_id, NULL::VARCHAR AS artist_id, 'Spotify' AS retailer, 'GB' AS territory, NULL::VARCHAR AS sales_category, 'GBP' AS currency,
        2::BIGINT AS lines, 3::BIGINT AS quantity, 0.5::DECIMAL(18,6) AS amount, 0.5::DECIMAL(18,6) AS amount_original,
        0.4::DECIMAL(18,6) AS label_payable, 0.2::DECIMAL(18,6) AS artist_payable, 0.1::DECIMAL(18,6) AS aggregator_payable
      FROM range(${recordings}) t(i)`;
    const importId = `CHUNKS-${stamp}`;
    try {
      await duck.run(cube(2500));
      // 9 dimensions of one item each, the recordings in 3.
      expect(await writeAggregates(duck, tenantId, importId, 'cube')).toEqual({ items: 12, writes: 12 });
      const byRecording = await periodAggregates(tenantId, importId, '2026-07', 'recording_id');
      expect(byRecording).toHaveLength(2500);
      expect(byRecording[0]).toEqual({
        value: 'REC00000',
        lines: 2,
        quantity: 3,
        amount: '0.500000',
        amount_original: '0.500000',
        label_payable: '0.400000',
        artist_payable: '0.200000',
        aggregator_payable: '0.100000',
      });
      expect(byRecording.at(-1)!.value).toBe('REC02499');
      expect(await periodAggregates(tenantId, importId, '2026-07', 'total')).toEqual([
        {
          value: 'total',
          lines: 5000,
          quantity: 7500,
          amount: '1250.000000',
          amount_original: '1250.000000',
          label_payable: '1000.000000',
          artist_payable: '500.000000',
          aggregator_payable: '250.000000',
        },
      ]);

      // Written again with fewer values: the two chunks it no longer has are deleted.
      await duck.run(cube(100));
      expect(await writeAggregates(duck, tenantId, importId, 'cube')).toEqual({ items: 10, writes: 12 });
      expect(await periodAggregates(tenantId, importId, '2026-07', 'recording_id')).toHaveLength(100);
    } finally {
      duck.closeSync();
    }
  }, 60_000);
});
