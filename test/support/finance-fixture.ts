import { expect, inject } from 'vitest';
import type { getDb } from '../../functions/data/service.js';
import { inCompany, labelManager } from './api.js';
import { until } from './wait.js';

type Entities = ReturnType<typeof getDb>['entities'];

/**
 * Drops a report into a company's folder for a royalty source and waits until its import is
 * done; answers the import's id.
 */
export async function dropReport(tenant: string, sourceId: string, name: string, body: string): Promise<string> {
  const { PutObjectCommand, HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3Client } = await import('../../functions/lib/clients.js');
  const { BUCKETS } = await import('../../infra/resources.js');
  const { getDb } = await import('../../functions/data/service.js');
  const { importIdOf } = await import('../../functions/royalties/import/run-import.js');
  const bucket = BUCKETS.ledger.localName;
  const key = `drop/${tenant}/${sourceId}/${name}-${Date.now()}.csv`;
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  const etag = (await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag ?? '';
  const id = importIdOf(key, etag);
  const item = await until(async () => {
    const found = (await getDb().entities.RoyaltyImport.get({ tenantId: tenant, id }).go()).data;
    return found && found.status !== 'processing' ? found : undefined;
  });
  expect(item.status).toBe('done');
  return id;
}

/** Writes a recording straight to the table whose label share three payees split 33.33/33.33/33.34. */
export async function putThreeWaySplit(
  db: Entities,
  tenantId: string,
  recording: { id: string; title: string; isrc: string },
  payees: [string, string, string],
) {
  await db.Recording.put({
    tenantId,
    ...recording,
    recording_payees: [
      { payee_id: payees[0], split: 33.33 },
      { payee_id: payees[1], split: 33.33 },
      { payee_id: payees[2], split: 33.34 },
    ],
  }).go();
}

export type FinanceFixture = {
  /** The royalty source the report is dropped for (its map reads ISRC,Net,Currency,Period,Store,Territory). */
  source: { id: string; name: string };
  label: { labelId: string; name: string };
  /** A release of the label with its recordings. */
  release: { id: string; title: string; recordings: string[] };
  /** Writes the rest of the catalogue (payees, artists, recordings) into the company. */
  catalogue: (db: Entities, tenantId: string) => Promise<void>;
  /** The report's name in its key, and its lines after the header. */
  report: { name: string; lines: string[] };
  /** The label manager whose distributed company gets it all: a file's own (`ownLabelManager`); else the demo's. */
  manager?: FixtureManager;
};

/** A label manager with a distributed and a publisher company. */
export type FixtureManager = {
  token: string;
  distributed: { id: string; name: string };
  publisher: { id: string; name: string };
};

/**
 * A label manager's distributed company with a catalogue written straight to the table and a
 * report (ISRC,Net,Currency,Period,Store,Territory, every line a stream) dropped and imported.
 * Answers the company's and the publisher's ids, an API in each and the import's id.
 */
export async function financeFixture(fixture: FinanceFixture) {
  Object.assign(process.env, inject('cloudEnv'));
  const manager = fixture.manager ?? (await labelManager());
  const api = inCompany(manager.token, manager.distributed.id);
  const other = inCompany(manager.token, manager.publisher.id);
  const tenantId = manager.distributed.id;
  const otherId = manager.publisher.id;
  const { getDb } = await import('../../functions/data/service.js');
  const db = getDb().entities;
  const map = {
    columns: {
      isrc: 'ISRC',
      subtotal_payable: 'Net',
      subtotal_payable_currency: 'Currency',
      pay_period: 'Period',
      retailer: 'Store',
      territory: 'Territory',
    },
    constants: { sales_category: 'Stream' },
  };
  const { source, label, release } = fixture;
  await db.RoyaltySource.put({ tenantId, id: source.id, name: source.name, map }).go();
  await db.Label.put({ tenantId, labelId: label.labelId, name: label.name, deal_percentage: 80 }).go();
  await db.Release.put({
    tenantId,
    id: release.id,
    title: release.title,
    label_id: label.labelId,
    release_recordings: release.recordings.map((recording_id) => ({ recording_id })),
  }).go();
  await fixture.catalogue(db, tenantId);
  // The records above are written straight to the table: say their lists changed, as the catalogue's
  // own writes do, or a list cached earlier in this process would not show them.
  const { LISTS } = await import('../../functions/data/list-cache.js');
  const changed = [
    LISTS.tenantLabels(tenantId),
    ...['releases', 'recordings', 'artists', 'payees'].map((c) => LISTS.tenantCollection(c, tenantId)),
  ];
  for (const list of changed) await db.ListVersion.put({ list, version: `${Date.now()}-${list}` }).go();
  const importId = await dropReport(
    tenantId,
    source.id,
    fixture.report.name,
    ['ISRC,Net,Currency,Period,Store,Territory', ...fixture.report.lines].join('\n'),
  );
  return { api, other, tenantId, otherId, importId };
}
