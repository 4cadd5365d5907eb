import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../support/api.js';
import { deliverableRelease } from '../support/deliverable-release.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { uploadPresigned } from '../support/presigned-upload.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import { until } from '../support/wait.js';

/**
 * Catalogue imports and deliveries left half-done carry on (re-delivered messages, lost messages,
 * dead workers): a re-delivered message at each step of a catalogue import is a no-op or finishes
 * the work, a job a live worker holds is left alone, starting a stuck import queues it again, a
 * delivery stuck on its way is carried on by Deliver (or says why not), a batch that arrived whole
 * is not sent again, and the resumers pick every stuck job up.
 */
let own: OwnCompany;
let label: string;
const past = () => new Date(Date.now() - 60_000).toISOString();
const later = () => new Date(Date.now() + 10 * 60_000).toISOString();

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  own = await ownCompany('Jobs Resume');
  label = `Resume Label ${Date.now()}`;
  expect((await own.api.post('/labels', { name: label })).status).toBe(201);
});

const db = async () => (await import('../../functions/data/service.js')).getDb().entities;
const worker = () => import('../../functions/catalogue-exchange/imports/run-import.js');
const releaseCount = async (upcs: string[]) =>
  ((await own.api.get('/releases?per_page=100')).body.releases as { upc: string }[]).filter((r) => upcs.includes(r.upc))
    .length;

/** A sheet of two releases uploaded, and the job its start would make (not queued: its message "lost"). */
async function sheet(n = 2) {
  const rows = Array.from({ length: n }, (_, i) => releaseRows(label, {}, 1 + (i % 2))).flat();
  const body = sheetCsv(rows);
  const key = await uploadPresigned(
    own.api,
    '/catalogue_imports/uploads',
    { filename: 'resume.csv', content_type: 'text/csv' },
    body,
  );
  const file = { key, filename: 'resume.csv', size: body.length };
  const preview = await own.api.post('/catalogue_imports/preview', { model: 'releases', file });
  expect(preview.body.valid).toBe(n);
  const upcs = [...new Set(rows.map((r) => String(r.upc)))];
  return { file, importId: preview.body.import_id as string, upcs };
}

async function jobIn(status: string, leaseUntil?: string) {
  const made = await sheet();
  await (await db()).CatalogueImport.create({
    tenantId: own.companyId,
    importId: made.importId,
    userId: own.manager.id,
    model: 'releases',
    fileKey: made.file.key,
    filename: made.file.filename,
    filesize: made.file.size,
    status,
    ...(leaseUntil ? { lease_until: leaseUntil, lease_owner: 'a worker' } : {}),
  }).go();
  return made;
}

const job = async (importId: string) => (await own.api.get(`/catalogue_imports/${importId}`)).body.import;
const finished = (importId: string) =>
  until(async () => {
    const found = await job(importId);
    return found.status === 'done' || found.status === 'failed' ? found : undefined;
  }, 60_000);

describe('a catalogue import carried on', () => {
  it('leaves a job a live worker plans alone; a re-delivered plan after the worker died plans and writes it', async () => {
    const { importId, upcs } = await jobIn('planning', later());
    const { runImportStep } = await worker();
    await runImportStep({ tenantId: own.companyId, importId, step: 'plan' });
    expect(await job(importId)).toMatchObject({ status: 'planning', done: 0 });
    expect(await releaseCount(upcs)).toBe(0);

    await (await db()).CatalogueImport.patch({ tenantId: own.companyId, importId }).set({ lease_until: past() }).go();
    await runImportStep({ tenantId: own.companyId, importId, step: 'plan' });
    expect(await finished(importId)).toMatchObject({ status: 'done', total: 2, done: 2 });
    expect(await releaseCount(upcs)).toBe(2);
  });

  it('queues a stuck import again when it is started again, and not while a live worker holds it', async () => {
    const { file, importId, upcs } = await jobIn('queued', later());
    const start = () => own.api.post('/catalogue_imports', { model: 'releases', file, import_id: importId });
    expect((await start()).status).toBe(202);
    await new Promise((r) => setTimeout(r, 2000));
    expect(await job(importId)).toMatchObject({ status: 'queued' });

    await (await db()).CatalogueImport.patch({ tenantId: own.companyId, importId }).remove(['lease_until']).go();
    expect((await start()).status).toBe(202);
    expect(await finished(importId)).toMatchObject({ status: 'done', done: 2 });
    expect(await releaseCount(upcs)).toBe(2);
  });

  it('carries on with the chunk when the plan comes back once records were written, writing nothing twice', async () => {
    const { file, importId, upcs } = await jobIn('queued');
    expect((await own.api.post('/catalogue_imports', { model: 'releases', file, import_id: importId })).status).toBe(
      202,
    );
    const first = await finished(importId);
    expect(first).toMatchObject({ status: 'done', done: 2 });
    const entities = await db();
    const history = async () => (await entities.ImportRecord.get({ importId }).go()).data;
    expect(await history()).toBeTruthy();
    const { runImportStep } = await worker();

    // The worker died after writing chunk 0 but before counting it (its count and progress move together):
    // the plan message comes back. Everything is found written and is this import's: the two releases and their
    // three recordings count again, and the artist and writers the dead try made are counted once at the end.
    await entities.CatalogueImport.patch({ tenantId: own.companyId, importId })
      .set({ status: 'writing', done: 0, added: 0, named: 0 })
      .go();
    await runImportStep({ tenantId: own.companyId, importId, step: 'plan' });
    const recounted = first.added;
    expect(recounted).toBeGreaterThan(2 + 3);
    expect(await job(importId)).toMatchObject({ status: 'done', done: 2, added: recounted, total: 2 });
    expect(await releaseCount(upcs)).toBe(2);

    // It died after counting the last chunk but before finishing: the chunk comes back and finishes it.
    await entities.CatalogueImport.patch({ tenantId: own.companyId, importId }).set({ status: 'writing' }).go();
    await runImportStep({ tenantId: own.companyId, importId, step: 'chunk', chunk: 0 });
    expect(await job(importId)).toMatchObject({ status: 'done', done: 2, added: recounted });

    // Any message of a finished import is a no-op.
    await runImportStep({ tenantId: own.companyId, importId, step: 'plan' });
    await runImportStep({ tenantId: own.companyId, importId, step: 'chunk', chunk: 0 });
    expect(await job(importId)).toMatchObject({ status: 'done', done: 2, added: recounted });
    expect(await releaseCount(upcs)).toBe(2);
    // The history got its record once, when the import first finished.
    expect((await history())?.records).toBe(first.added);
  });

  it('is listed unfinished and resumed by its resumer (a lost message)', async () => {
    const { importId, upcs } = await jobIn('queued');
    const { catalogueImportJobs } = await import('../../functions/catalogue-exchange/imports/resume.js');
    const listed = (await catalogueImportJobs.listUnfinished()).find((j) => j.id === importId);
    expect(listed).toMatchObject({ kind: 'catalogue_import', tenantId: own.companyId, what: 'resume.csv' });
    await catalogueImportJobs.resume({ tenantId: own.companyId, id: importId }, { onStart: false });
    expect(await finished(importId)).toMatchObject({ status: 'done', done: 2 });
    expect(await releaseCount(upcs)).toBe(2);
  });
});

type Delivery = { id: string; status: string; batch_id?: string; files?: string[]; attempts: number; reason?: string };

describe('a delivery carried on', () => {
  let demoDsp: { id: string };
  beforeAll(async () => {
    const found = await call('GET', '/api/v1/dsps?q=Demo%20DSP', { token: own.admin });
    demoDsp = found.body.dsps.find((d: { name: string }) => d.name === 'Demo DSP');
    const connected = await call('POST', `/api/v1/companies/${own.companyId}/dsp_connections`, {
      token: own.admin,
      body: { dsp_connection: { dsp_id: demoDsp.id, status: 'connected' } },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
  });

  const arrivals = async (prefix: string): Promise<{ path: string }[]> =>
    (await call('GET', `/_local/sftp?prefix=${encodeURIComponent(prefix)}`)).body.files;
  const deliveryOf = async (releaseId: string, id: string): Promise<Delivery> =>
    ((await own.api.get(`/releases/${releaseId}/distribution_deliveries`)).body.release_deliveries as Delivery[]).find(
      (d) => d.id === id,
    ) as Delivery;
  const settled = (releaseId: string, id: string) =>
    until(async () => {
      const found = await deliveryOf(releaseId, id);
      return found.status === 'delivered' || found.status === 'failed' ? found : undefined;
    }, 45_000);

  /** A delivery a worker claimed in batch `batchId` (its message then "lost"), its lease until `leaseUntil`. */
  async function claimed(batchId: string, leaseUntil: string) {
    const { release } = await deliverableRelease(own.api, own.admin, own.companyId);
    const made = await own.api.post(`/releases/${release.id}/distribution_deliveries/bulk_create`, {
      release_deliveries: [{ dsp_id: demoDsp.id }],
    });
    const delivery = made.body.release_deliveries[0] as Delivery;
    const access = await import('../../functions/data/access/deliveries.js');
    expect(await access.markQueued(own.companyId, delivery.id, batchId, ['created'])).toBe(true);
    expect(await access.claimDelivery(own.companyId, delivery.id, batchId, leaseUntil)).toBeTruthy();
    return { release, delivery };
  }

  it('says why nothing was queued while a live worker holds it, and carries its batch on once the worker died', async () => {
    const batchId = `stuck-${Date.now()}`;
    const { release, delivery } = await claimed(batchId, later());
    const deliver = () => own.api.post('/distribution_deliveries/bulk_deliver', { ids: [delivery.id] });
    const held = await deliver();
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({
      queued: 0,
      message: 'No delivery was queued: 1 is on its way to the store (wait until it is delivered or failed)',
    });
    const again = await own.api.post(`/distribution_deliveries/${delivery.id}/redeliver`);
    expect(again.status).toBe(409);

    // The worker died: its lease lapses, and Deliver carries the same batch on.
    await (await db()).ReleaseDelivery.patch({ tenantId: own.companyId, id: delivery.id })
      .set({ lease_until: past() })
      .go();
    const taken = await deliver();
    expect(taken.body).toMatchObject({ queued: 1, message: 'Deliveries queued' });
    const done = await settled(release.id, delivery.id);
    expect(done).toMatchObject({ status: 'delivered', batch_id: batchId });
    const files = await arrivals(`demo-label/${batchId}/`);
    expect(files).toHaveLength(4);
    expect(files.at(-1)?.path).toBe(`demo-label/${batchId}/BatchComplete_${batchId}.xml`);
  });

  it('marks a batch that arrived whole delivered without sending it again, and resumes a lost message', async () => {
    const batchId = `whole-${Date.now()}`;
    const { release, delivery } = await claimed(batchId, later());
    const { deliveryJobs } = await import('../../functions/deliveries/resume.js');
    // A live worker holds it: the admins' Resume leaves it alone.
    await deliveryJobs.resume({ tenantId: own.companyId, id: delivery.id }, { onStart: false });
    expect(await deliveryOf(release.id, delivery.id)).toMatchObject({ status: 'delivering' });
    expect((await deliveryJobs.listUnfinished()).find((j) => j.id === delivery.id)).toMatchObject({
      kind: 'delivery',
      state: 'Delivering',
    });

    // On start no worker of before is alive: it is carried on, and delivered.
    await deliveryJobs.resume({ tenantId: own.companyId, id: delivery.id }, { onStart: true });
    expect(await settled(release.id, delivery.id)).toMatchObject({ status: 'delivered', batch_id: batchId });
    const ernPath = (await arrivals(`demo-label/${batchId}/`)).at(-2)?.path ?? '';
    const ern = async () => (await call('GET', `/_local/sftp/files/${ernPath}`)).body as string;
    const sent = await ern();

    // The worker died after BatchComplete arrived, before it marked the delivery delivered.
    await (await db()).ReleaseDelivery.patch({ tenantId: own.companyId, id: delivery.id })
      .set({ status: 'delivering', lease_until: past() })
      .go();
    await deliveryJobs.resume({ tenantId: own.companyId, id: delivery.id }, { onStart: false });
    const done = await settled(release.id, delivery.id);
    expect(done).toMatchObject({ status: 'delivered', batch_id: batchId });
    expect(done.files).toHaveLength(4);
    // Not sent again: the message the store has is the one of before (a new one has a new creation time).
    expect(await ern()).toBe(sent);
    expect(await arrivals(`demo-label/${batchId}/`)).toHaveLength(4);
  });
});
