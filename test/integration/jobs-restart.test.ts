import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../infra/resources.js';
import { handRunOf } from '../support/published-statements.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import { restartableCloud } from '../support/restartable-cloud.js';
import { until } from '../support/wait.js';

/**
 * The local cloud killed outright (its whole process group, emulators too, like a terminal closed
 * on `npm start`) while jobs were under way, and started again on the same state. The kill empties
 * the queue, so what each job was waiting for is gone; on start every unfinished job is carried on:
 *  - a statement run publishing: one account's statement finished and mailed, one numbered and
 *    having its documents made (its claim held by the process that died), two not reached;
 *  - a statement run previewing;
 *  - a catalogue import being planned, its lease held by the worker that died;
 *  - a delivery to a store, claimed by the worker that died.
 * The cloud runs in a process of its own (test/support/restartable-cloud.ts); the records are
 * made straight in its table, for a company of this file's own (the delivery: for the demo
 * company, whose release and store connection the seed makes). Royalty imports and payment runs
 * have restart tests of their own (royalty-import-restart, payment-run-restart).
 */
// Seeded as `npm start` seeds it: reference data, and the demo company with a release it may deliver to the demo store.
const cloud = restartableCloud('jobs-restart', { CLOUD_SEED: 'demo' });
const tenantId = `jobs-restart-${Date.now()}`;
const PERIOD: [string, string] = ['2026-07', '2026-09'];
const accounts = ['Ada', 'Ben', 'Cleo', 'Dev'].map((name) => ({
  type: 'Payee' as const,
  id: `payee-${name.toLowerCase()}`,
  name,
  email: `${name.toLowerCase()}.${tenantId}@example.test`,
}));
const label = 'Restart Records';
const sheet = [...releaseRows(label, {}, 2), ...releaseRows(label, {}, 3)];
let cloudEnv: Record<string, string>;
let publishingRunId: string;
let previewingRunId: string;
const importId = `restart-import-${Date.now()}`;
let delivery: { tenantId: string; id: string; batchId: string };
let atKill: { name: string; number: string; state: string | undefined; statementId: string }[];

const modules = async () => ({
  db: (await import('../../functions/data/service.js')).getDb().entities,
  access: await import('../../functions/data/access/statements.js'),
  step: await import('../../functions/money/statements/runs/account-step.js'),
  deps: (await import('../../functions/money/statements/runs/account-deps.js')).accountStepDeps,
  clients: await import('../../functions/lib/clients.js'),
  resources: await import('../../infra/resources.js'),
});

const statements = async () => {
  const { db } = await modules();
  return (await db.Statement.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
};

afterAll(async () => {
  await cloud.remove();
});

beforeAll(async () => {
  cloudEnv = await cloud.start();
  // Imported only now (modules()): the SDK clients read this cloud's endpoints, the same ports after the restart.
  const { db, access, step, deps, clients, resources } = await modules();

  // A run publishing four accounts (its publish step done): the first finished, the second half made.
  const run = await handRunOf(tenantId, 'restart-user', accounts, PERIOD, '25.000000', { manifest: true });
  publishingRunId = run.runId;
  expect(await step.runAccountStep(run.messages[0], deps)).toBe('published');
  let documentsStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    documentsStarted = resolve;
  });
  void step.runAccountStep(run.messages[1], {
    ...deps,
    // The process dies while the PDF is being made: the claim on the documents is never given back.
    documents: () => {
      documentsStarted();
      return new Promise(() => {});
    },
  });
  await started;

  // A run previewing whose preview message the kill lost.
  previewingRunId = `restart-preview-${Date.now()}`;
  await access.createRun({
    tenantId,
    runId: previewingRunId,
    kind: 'payee',
    status: 'previewing',
    start_pay_period: '2026-04',
    end_pay_period: '2026-06',
    label_ids: [],
    userId: 'restart-user',
  });

  // A catalogue import of two releases being planned by a worker that dies holding its lease.
  await db.Label.create({ tenantId, labelId: 'restart-label', name: label }).go();
  const fileKey = `imports/${tenantId}/restart.csv`;
  const body = sheetCsv(sheet);
  await clients
    .s3Client()
    .send(new PutObjectCommand({ Bucket: resources.BUCKETS.uploads.localName, Key: fileKey, Body: body }));
  await db.CatalogueImport.create({
    tenantId,
    importId,
    userId: 'restart-user',
    model: 'releases',
    fileKey,
    filename: 'restart.csv',
    filesize: body.length,
    status: 'planning',
    lease_until: new Date(Date.now() + 10 * 60_000).toISOString(),
    lease_owner: 'the worker that died',
  }).go();

  // The demo release's delivery to the demo store, claimed by a worker that dies holding it.
  const { bulkCreate } = await import('../../functions/deliveries/release-deliveries.js');
  const deliveries = await import('../../functions/data/access/deliveries.js');
  const demo = (await db.Company.query.all({}).go({ pages: 'all' })).data.find(
    (c) => c.name === 'Northern Lights Records',
  );
  const dsp = (await db.Dsp.query.all({}).go({ pages: 'all' })).data.find((d) => d.name === 'Demo DSP');
  const release = demo
    ? (await db.Release.query.byTenant({ tenantId: demo.companyId }).go({ pages: 'all' })).data.find(
        (r) => r.title === 'Northern Lights EP',
      )
    : undefined;
  if (!demo || !dsp || !release) throw new Error('the seed has no demo company, store or release');
  // Passed quality control (what the admin's Accept records); the seed's cover art and audio are
  // checked by the upload worker, so the release may be delivered once they pass.
  await db.Release.patch({ tenantId: demo.companyId, id: release.id }).set({ status: 'accepted' }).go();
  const [made] = await until(
    () => bulkCreate(demo.companyId, 'restart-user', release.id, [{ dsp_id: dsp.id }]).catch(() => undefined),
    120_000,
  );
  delivery = { tenantId: demo.companyId, id: made.id, batchId: `restart-${Date.now()}` };
  expect(await deliveries.markQueued(delivery.tenantId, delivery.id, delivery.batchId, ['created'])).toBe(true);
  expect(
    await deliveries.claimDelivery(
      delivery.tenantId,
      delivery.id,
      delivery.batchId,
      new Date(Date.now() + 10 * 60_000).toISOString(),
    ),
  ).toBeTruthy();

  atKill = (await statements()).map((s) => ({
    name: s.payee_name,
    number: s.number,
    state: s.queue_status,
    statementId: s.statementId,
  }));
  await cloud.kill();
  await cloud.start();
}, 300_000);

describe('the local cloud stopped mid-job and started again', () => {
  it('finishes the publishing run: each account stated once, numbered once, with documents, mailed once', async () => {
    expect(atKill.map(({ name, number, state }) => [name, number, state]).sort()).toEqual([
      ['Ada', 'ST-000001', 'published'],
      ['Ben', 'ST-000002', 'generating'],
    ]);
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: publishingRunId }).go()).data;
      return found?.status === 'published' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ total: 4, done: 4, skipped: 0 });

    const stated = (await statements()).filter((s) => s.run_id === publishingRunId);
    expect(stated.map((s) => s.payee_name).sort()).toEqual(accounts.map((a) => a.name));
    expect(stated.map((s) => s.number).sort()).toEqual(['ST-000001', 'ST-000002', 'ST-000003', 'ST-000004']);
    for (const statement of stated) {
      expect(statement).toMatchObject({ queue_status: 'published' });
      expect(statement.pdf_key).toBeTruthy();
      expect(statement.csv_key).toBeTruthy();
    }
    // The statements made before the kill keep their ids and numbers.
    for (const before of atKill)
      expect(stated.find((s) => s.statementId === before.statementId)?.number).toBe(before.number);
    const outbox = cloudEnv[ENV.outboxDir];
    const mails = readdirSync(outbox)
      .filter((file) => /^[0-9A-Z]+\.json$/.test(file))
      .map((file) => JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string });
    for (const account of accounts) expect(mails.filter((mail) => mail.to === account.email)).toHaveLength(1);
  }, 180_000);

  it('finishes the preview of the previewing run', async () => {
    const { db } = await modules();
    const run = await until(async () => {
      const found = (await db.StatementRun.get({ tenantId, runId: previewingRunId }).go()).data;
      return found && found.status !== 'previewing' ? found : undefined;
    }, 120_000);
    expect(run).toMatchObject({ status: 'preview_ready' });
    expect(run.error).toBeUndefined();
  }, 180_000);

  it('plans and writes the catalogue import the dead worker held, each release once', async () => {
    const { db } = await modules();
    const job = await until(async () => {
      const found = (await db.CatalogueImport.get({ tenantId, importId }).go()).data;
      return found?.status === 'done' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, invalid: 0, duplicates: 0 });
    const releases = (await db.Release.query.byTenant({ tenantId }).go({ pages: 'all' })).data;
    expect(releases.map((r) => r.upc).sort()).toEqual([...new Set(sheet.map((row) => String(row.upc)))].sort());
  }, 180_000);

  it('delivers the release the dead worker was sending, in the batch it began, BatchComplete last', async () => {
    const { db } = await modules();
    const done = await until(async () => {
      const found = (await db.ReleaseDelivery.get({ tenantId: delivery.tenantId, id: delivery.id }).go()).data;
      return found?.status === 'delivered' || found?.status === 'failed' ? found : undefined;
    }, 120_000);
    expect(done).toMatchObject({ status: 'delivered', batch_id: delivery.batchId });
    const prefix = `demo-label/${delivery.batchId}/`;
    const arrivals = await fetch(`${cloudEnv[ENV.appUrl]}/_local/sftp?prefix=${encodeURIComponent(prefix)}`);
    const files = ((await arrivals.json()) as { files: { path: string }[] }).files;
    // Each file the delivery lists arrived once (the cover, two audio files, the ERN message, BatchComplete).
    const paths = files.map((file) => file.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(done.files?.length ?? 0);
    expect(paths).toHaveLength(5);
    expect(files.at(-1)?.path).toBe(`${prefix}BatchComplete_${delivery.batchId}.xml`);
  }, 180_000);
});
