import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { NET_REPORT_MAP } from '../support/royalty-report.js';
import { until } from '../support/wait.js';

/**
 * A worker killed mid-import: the queue delivers the message again and the import
 * restarts from the file. Whatever the dead worker left — the import still "processing", a
 * ledger file nobody points to, aggregates already written — the rerun stores each line once:
 * the ledger readers follow only the import's ledger_key, aggregates are overwritten by key, and
 * a finished import is never imported again.
 */
let api: ReturnType<typeof inCompany>;
let tenantId: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  const manager = await ownLabelManager('Royalty import resume');
  tenantId = manager.distributed.id;
  api = inCompany(manager.token, tenantId);
});

describe('an import whose worker died', () => {
  it('restarts from the file without duplicating lines or aggregates', async () => {
    const { getDb } = await import('../../functions/data/service.js');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const { runImport } = await import('../../functions/royalties/import/run-import.js');
    const { royaltiesChanged } = await import('../../functions/royalties/ledger/state.js');
    const store = `Resume Store ${Date.now()}`;
    const report = [
      'Store,Period,ISRC,Net,Currency',
      ...Array.from(
        { length: 500 },
        (_, i) => `${store},2026-0${1 + (i % 3)},GBRES26${String(i % 7).padStart(5, '0')},0.01,GBP`,
      ),
    ].join('\n');
    const map = await api.post('/royalty_maps', {
      name: `Resume ${Date.now()}`,
      map: NET_REPORT_MAP,
    });
    const upload = await api.post('/royalties/bulk', {
      filename: 'resume.csv',
      size: Buffer.byteLength(report),
      source_id: map.body.royalty_map.id,
    });
    await fetch(upload.body.url, { method: 'PUT', headers: upload.body.headers, body: report });
    const first = await until(
      async () =>
        (await api.get('/royalty_imports?per_page=100')).body.royalty_imports.find(
          (i: { source_key: string; status: string }) => i.source_key === upload.body.key && i.status === 'done',
        ),
      60_000,
    );
    const db = getDb().entities;
    const aggregatesBefore = (
      await db.RoyaltyAggregate.query.byImport({ tenantId, importId: first.id }).go({ pages: 'all' })
    ).data.length;

    // The state a worker killed after writing its ledger file and aggregates, before finishing, leaves.
    await db.RoyaltyImport.patch({ tenantId, id: first.id })
      .set({ status: 'processing', progress: 75 })
      .remove(['ledger_key'])
      .go();
    await royaltiesChanged(tenantId);

    // The message comes again: the import restarts and finishes.
    expect(await runImport(BUCKETS.ledger.localName, upload.body.key)).toBe('imported');
    const again = (await db.RoyaltyImport.get({ tenantId, id: first.id }).go()).data!;
    expect(again).toMatchObject({ status: 'done', progress: 100 });
    expect(again.totals).toMatchObject({ lines_read: 500, stored: 500, rejected: [] });
    expect(
      (await db.RoyaltyAggregate.query.byImport({ tenantId, importId: first.id }).go({ pages: 'all' })).data,
    ).toHaveLength(aggregatesBefore);
    const list = await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`);
    expect(list.body).toMatchObject({ total_count: 500, total_sum: '5.000000' });

    // Only the file the import points to is in its ledger folder: the orphan of the dead run was replaced.
    const files = await s3Client().send(
      new ListObjectsV2Command({ Bucket: BUCKETS.ledger.localName, Prefix: `ledger/${tenantId}/${first.id}/` }),
    );
    expect((files.Contents ?? []).map((o) => o.Key)).toContain(again.ledger_key);

    // And once more after it finished: nothing happens.
    expect(await runImport(BUCKETS.ledger.localName, upload.body.key)).toBe('skipped');
    expect((await api.get(`/royalties?by_retailer=${encodeURIComponent(store)}`)).body.total_count).toBe(500);
  }, 90_000);
});
